import { L, UPLOAD_LIMITS, uploadGatewayVersionFile } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { DB } from '../../db/tables.js';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { Repository } from '../../store/repository.js';
import { privateUrl } from '../../files/references.js';
import { receiveOne, uploadRoute } from '../../files/upload-request.js';
import type { FileService } from '../../files/service.js';

const FIRMWARE = UPLOAD_LIMITS.firmware;
const PROGRAM_FILE = L('程序文件', 'Program file', 'File del programma');
const ProgramFileField = Type.Object({ file: { ...Type.String(), 'x-label': PROGRAM_FILE } });

/**
 * A gateway version's program file (super admin): any bytes up to 64 MB, kept only when their MD5 (computed as
 * they stream in) is the version's. The version owns it: a new upload replaces it, deleting the version
 * deletes it, and every tenant that reads the version downloads it through GET files/{id}.
 */
export function registerFirmwareRoute(
  scope: FastifyInstance,
  files: FileService,
  db: Kysely<DB>,
  versions: Repository,
): void {
  route(
    scope,
    uploadGatewayVersionFile,
    async (req) => {
      const caller = callerOf(req);
      const { id } = req.params;
      const version = await versions.get(caller, id, req.timeZone);
      const received = await receiveOne(
        req,
        FIRMWARE.maxBytes,
        (part) => files.receive(part.file, part.filename, { limit: FIRMWARE, md5: true }),
        PROGRAM_FILE,
      );
      const md5 = received.md5 ?? '';
      if (md5 !== String(version.md5).toLowerCase()) {
        await received.discard();
        throw new ValidationError([{ field: 'file', rule: 'rule.md5Mismatch', params: { md5 } }], ProgramFileField);
      }
      const { tenantId } = await db
        .selectFrom('gatewayVersions')
        .select('tenantId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const replaced = await files.listOwned('gatewayVersion', id, 'firmware');
      const kept = await files.keep(received, {
        tenantId,
        ownerEntity: 'gatewayVersion',
        ownerId: id,
        kind: 'firmware',
        uploader: caller,
      });
      const url = privateUrl(kept.id);
      await db
        .updateTable('gatewayVersions')
        .set({ fileUrl: url, updateTime: Date.now() })
        .where('id', '=', id)
        .execute();
      for (const old of replaced) await files.remove(old);
      return ok({ url, md5 });
    },
    uploadRoute(FIRMWARE, PROGRAM_FILE),
  );
}
