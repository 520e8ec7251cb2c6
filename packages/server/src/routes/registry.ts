import multipart from '@fastify/multipart';
import { gatewayDevice, L, translate, UPLOAD_LIMITS } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { envelope, IdParams, NullData, ok } from '../http/envelope.js';
import { HttpError, ValidationError } from '../http/errors.js';
import { callerOf } from '../plugins/auth.js';
import type { Repository } from '../store/repository.js';

const label = (zh: string, en: string, it: string) => ({ 'x-label': L(zh, en, it) });
const GatewayIds = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 1000,
  uniqueItems: true,
  ...label('网关设备', 'Gateways', 'Gateway'),
});
const BlacklistBody = Type.Object({ ids: GatewayIds, black: Type.Boolean() }, { additionalProperties: false });
const ProtocolFields = ['protocols', 'motorType', 'polePairs', 'doorTypes', 'elevatorSpeed'] as const;
const ProtocolBody = Type.Object(
  {
    ids: GatewayIds,
    ...Object.fromEntries(ProtocolFields.map((f) => [f, Type.Optional(gatewayDevice.fields[f].schema)])),
  },
  { additionalProperties: false },
);
const BindBody = Type.Object(
  {
    elevatorId: {
      ...Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
      ...label('电梯', 'Elevator', 'Ascensore'),
    } as never,
    replace: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Firmware files: at most 64 MB, streamed to disk while their MD5 is computed. */
const FIRMWARE_MAX_BYTES = UPLOAD_LIMITS.firmware.maxBytes;

export interface RegistryRepos {
  gateways: Repository;
  elevators: Repository;
  versions: Repository;
  netApplies: Repository;
}

/** Registry operations beyond CRUD: binding, blacklist, protocol settings, firmware files, network applications. */
export async function registerRegistryRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repos: RegistryRepos,
  uploadDir?: string,
): Promise<void> {
  const { db } = ctx.store;
  const id = (req: { params: unknown }) => (req.params as { id: number }).id;

  /** The gateways of a request that the caller may see, or 404 for the first that is not. */
  async function visibleGateways(req: Parameters<typeof callerOf>[0], ids: number[]) {
    const caller = callerOf(req);
    const rows = await repos.gateways
      .scoped(db as never, caller)
      .select(['t.id'])
      .where('t.id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw new HttpError(404, 'error.notFound');
  }

  app.put('/api/gatewayDevices/:id/bind', {
    config: { permission: 9 },
    schema: {
      tags: ['gatewayDevice'],
      summary: 'Bind a gateway to an elevator (null unbinds)',
      params: IdParams,
      body: BindBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const { elevatorId, replace } = req.body as { elevatorId: number | null; replace?: boolean };
      const gateway = await repos.gateways.get(caller, id(req), req.timeZone);
      if (elevatorId !== null) {
        const lift = await repos.elevators.get(caller, elevatorId, req.timeZone).catch(() => {
          throw new ValidationError([{ field: 'elevatorId', rule: 'validation.reference' }], BindBody);
        });
        const other = await db
          .selectFrom('gatewayDevices as g')
          .select(['g.id', 'g.dtuCode'])
          .where('g.elevatorId', '=', elevatorId)
          .where('g.id', '!=', id(req))
          .executeTakeFirst();
        if (other && !replace)
          throw new ValidationError(
            [{ field: 'elevatorId', rule: 'rule.boundElsewhere', params: { elevator: String(lift.name) } }],
            BindBody,
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
            .where('id', '=', id(req))
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
          .where('id', '=', id(req))
          .execute();
      }
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.put('/api/gatewayDevices/blacklist', {
    config: { permission: 9 },
    schema: {
      tags: ['gatewayDevice'],
      summary: 'Put gateways on or off the blacklist',
      body: BlacklistBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const { ids, black } = req.body as { ids: number[]; black: boolean };
      await visibleGateways(req, ids);
      await db
        .updateTable('gatewayDevices')
        .set({ blackStatus: black ? 1 : 0, updateTime: Date.now() })
        .where('id', 'in', ids)
        .execute();
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.put('/api/gatewayDevices/protocol', {
    config: { permission: 9 },
    schema: {
      tags: ['gatewayDevice'],
      summary: 'Set the protocol settings of gateways',
      body: ProtocolBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const body = req.body as Record<string, unknown> & { ids: number[] };
      await visibleGateways(req, body.ids);
      const set = Object.fromEntries(ProtocolFields.filter((f) => f in body).map((f) => [f, body[f]]));
      await db
        .updateTable('gatewayDevices')
        .set({ ...set, updateTime: Date.now() })
        .where('id', 'in', body.ids)
        .execute();
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.put('/api/netApplies/:id/review', {
    config: { permission: 814 },
    schema: {
      tags: ['netApply'],
      summary: 'Mark a network application reviewed',
      params: IdParams,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      await repos.netApplies.get(callerOf(req), id(req), req.timeZone);
      await db.updateTable('netApplies').set({ status: 1, updateTime: Date.now() }).where('id', '=', id(req)).execute();
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.post('/api/netApplies/:id/generate', {
    config: { permission: 814 },
    schema: {
      tags: ['netApply'],
      summary: 'Create the elevator a reviewed network application describes',
      params: IdParams,
      response: { 200: envelope(Type.Object({ elevatorId: Type.Integer() })) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const apply = await repos.netApplies.get(caller, id(req), req.timeZone);
      if (apply.status !== 1 || apply.generated) throw new HttpError(409, 'error.inUse');
      const lift = await repos.elevators.create(
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
        .where('id', '=', id(req))
        .execute();
      return ok({ elevatorId: Number(lift.id) }, translate(req.lang, 'outcome.done'));
    },
  });

  if (!uploadDir) return;
  const firmwareDir = join(uploadDir, 'firmware');
  mkdirSync(firmwareDir, { recursive: true });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    scope.post('/api/gatewayVersions/:id/file', {
      config: { permission: 'superAdmin' },
      schema: {
        tags: ['gatewayVersion'],
        summary: 'Upload a version’s program file; its MD5 must match the version’s',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: envelope(Type.Object({ url: Type.String(), md5: Type.String() })) },
      },
      handler: async (req) => {
        const version = await repos.versions.get(callerOf(req), id(req), req.timeZone);
        const part = req.isMultipart() ? await req.file() : undefined;
        if (!part) throw new HttpError(400, 'upload.oneFile');
        const name = `${id(req)}-${randomBytes(8).toString('hex')}.bin`;
        const path = join(firmwareDir, name);
        const md5 = createHash('md5');
        part.file.on('data', (chunk: Buffer) => md5.update(chunk));
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
        const FileSchema = Type.Object({
          file: { ...Type.String(), 'x-label': L('程序文件', 'Program file', 'File del programma') } as never,
        });
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
          .where('id', '=', id(req))
          .execute();
        return ok({ url, md5: digest });
      },
    });
  });
}
