import multipart from '@fastify/multipart';
import {
  BindGatewayBody,
  PROTOCOL_FIELDS,
  bindGateway,
  generateElevatorFromNetApply,
  issueGatewayCredentials,
  reviewNetApply,
  setGatewaysBlacklisted,
  setGatewaysProtocol,
  translate,
  UPLOAD_LIMITS,
  uploadGatewayVersionFile,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.js';
import { ok } from '../http/envelope.js';
import { HttpError, ValidationError } from '../http/errors.js';
import { route } from '../http/route.js';
import type { Monitoring } from '../monitoring/index.js';
import { callerOf } from '../plugins/auth.js';
import { newToken, sha256 } from '../services/secrets.js';
import type { LooseKysely } from '../store/repository.js';
import type { Repositories } from '../store/repositories.js';

/** Firmware files: at most 64 MB, streamed to disk while their MD5 is computed. */
const FIRMWARE_MAX_BYTES = UPLOAD_LIMITS.firmware.maxBytes;

/**
 * Registry operations beyond CRUD: binding, blacklist, protocol settings, MQTT credentials, firmware files,
 * network applications.
 */
export async function registerRegistryRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repos: Repositories,
  monitoring: Pick<Monitoring, 'directory'>,
  uploadDir?: string,
): Promise<void> {
  const { db } = ctx.store;

  /** The gateways of a request that the caller may see, or 404 for the first that is not. */
  async function visibleGateways(req: Parameters<typeof callerOf>[0], ids: number[]) {
    const caller = callerOf(req);
    const rows = await repos.gatewayDevice
      .scoped(db as never, caller)
      .select(['t.id'])
      .where('t.id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw new HttpError(404, 'error.notFound');
  }

  route(app, bindGateway, async (req) => {
    const caller = callerOf(req);
    const { elevatorId, replace } = req.body;
    const gateway = await repos.gatewayDevice.get(caller, req.params.id, req.timeZone);
    if (elevatorId !== null) {
      const lift = await repos.elevator.get(caller, elevatorId, req.timeZone).catch(() => {
        throw new ValidationError([{ field: 'elevatorId', rule: 'validation.reference' }], BindGatewayBody);
      });
      const other = await db
        .selectFrom('gatewayDevices as g')
        .select(['g.id', 'g.dtuCode'])
        .where('g.elevatorId', '=', elevatorId)
        .where('g.id', '!=', req.params.id)
        .executeTakeFirst();
      if (other && !replace)
        throw new ValidationError(
          [{ field: 'elevatorId', rule: 'rule.boundElsewhere', params: { elevator: String(lift.name) } }],
          BindGatewayBody,
          409,
        );
      await db.transaction().execute(async (trx) => {
        if (other)
          await trx
            .updateTable('gatewayDevices')
            .set({ elevatorId: null, bindState: 0 })
            .where('id', '=', other.id)
            .execute();
        await trx
          .updateTable('gatewayDevices')
          .set({ elevatorId, bindState: 1, updateTime: Date.now() })
          .where('id', '=', req.params.id)
          .execute();
        await trx
          .updateTable('elevators')
          .set({ dtuCode: String(gateway.dtuCode) })
          .where('id', '=', elevatorId)
          .execute();
      });
    } else {
      await db
        .updateTable('gatewayDevices')
        .set({ elevatorId: null, bindState: 0, updateTime: Date.now() })
        .where('id', '=', req.params.id)
        .execute();
    }
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, issueGatewayCredentials, async (req) => {
    const gateway = await repos.gatewayDevice.get(callerOf(req), req.params.id, req.timeZone);
    const secret = newToken('gw_');
    // the secret's column is not in the typed store (db/tables.ts): the live tables' loose view
    await (db as unknown as LooseKysely)
      .updateTable('gatewayDevices')
      .set({ secretHash: sha256(secret), updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    // the gateway's cached login is dropped: the old secret stops working now
    monitoring.directory.forget(String(gateway.dtuCode));
    return ok({ dtuCode: String(gateway.dtuCode), username: String(gateway.dtuCode), secret });
  });

  route(app, setGatewaysBlacklisted, async (req) => {
    const { ids, black } = req.body;
    await visibleGateways(req, ids);
    await db
      .updateTable('gatewayDevices')
      .set({ blackStatus: black ? 1 : 0, updateTime: Date.now() })
      .where('id', 'in', ids)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, setGatewaysProtocol, async (req) => {
    const body = req.body;
    await visibleGateways(req, body.ids);
    const set = Object.fromEntries(PROTOCOL_FIELDS.filter((f) => f in body).map((f) => [f, body[f]]));
    await db
      .updateTable('gatewayDevices')
      .set({ ...set, updateTime: Date.now() })
      .where('id', 'in', body.ids)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, reviewNetApply, async (req) => {
    await repos.netApply.get(callerOf(req), req.params.id, req.timeZone);
    await db
      .updateTable('netApplies')
      .set({ status: 1, updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, generateElevatorFromNetApply, async (req) => {
    const caller = callerOf(req);
    const apply = await repos.netApply.get(caller, req.params.id, req.timeZone);
    if (apply.status !== 1 || apply.generated) throw new HttpError(409, 'error.inUse');
    const lift = await repos.elevator.create(
      caller,
      {
        name: apply.elevatorName,
        registerCode: apply.registerCode,
        factoryNo: apply.factoryNo,
        elevatorType: apply.elevatorType,
        dtuCode: apply.dtuCode,
        address: apply.address,
        useStatus: 1,
        joinDate: apply.accessDate,
      },
      req.timeZone,
    );
    await db
      .updateTable('netApplies')
      .set({ generated: 1, elevatorId: Number(lift.id), updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    return ok({ elevatorId: Number(lift.id) }, translate(req.lang, 'outcome.done'));
  });

  if (!uploadDir) return;
  const firmwareDir = join(uploadDir, 'firmware');
  mkdirSync(firmwareDir, { recursive: true });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    route(scope, uploadGatewayVersionFile, async (req) => {
      const version = await repos.gatewayVersion.get(callerOf(req), req.params.id, req.timeZone);
      const part = req.isMultipart() ? await req.file() : undefined;
      if (!part) throw new HttpError(400, 'upload.oneFile');
      const name = `${req.params.id}-${randomBytes(8).toString('hex')}.bin`;
      const path = join(firmwareDir, name);
      const md5 = createHash('md5');
      part.file.on('data', (chunk: Buffer) => md5.update(chunk));
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      const FileSchema = uploadGatewayVersionFile.body;
      if (part.file.truncated) {
        await rm(path, { force: true });
        throw new ValidationError(
          [{ field: 'file', rule: 'upload.tooLarge', params: { limit: FIRMWARE_MAX_BYTES / 1024 / 1024 } }],
          FileSchema,
          413,
        );
      }
      const digest = md5.digest('hex');
      if (digest !== String(version.md5).toLowerCase()) {
        await rm(path, { force: true });
        throw new ValidationError([{ field: 'file', rule: 'rule.md5Mismatch', params: { md5: digest } }], FileSchema);
      }
      const url = `/uploads/firmware/${name}`;
      await db
        .updateTable('gatewayVersions')
        .set({ fileUrl: url, updateTime: Date.now() })
        .where('id', '=', req.params.id)
        .execute();
      return ok({ url, md5: digest });
    });
  });
}
