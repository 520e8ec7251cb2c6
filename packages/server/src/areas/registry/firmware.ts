import multipart from '@fastify/multipart';
import { UPLOAD_LIMITS, uploadGatewayVersionFile } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** Firmware files: at most 64 MB, streamed to disk while their MD5 is computed. */
const FIRMWARE_MAX_BYTES = UPLOAD_LIMITS.firmware.maxBytes;

/** A gateway version's program file, checked against the version's MD5 (uploads are off without an upload folder). */
export async function registerFirmwareUpload(app: FastifyInstance, { store, repos, options }: AreaDeps): Promise<void> {
  const { db } = store;
  const { uploadDir } = options;
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
