import { L, UPLOAD_LIMITS, uploadOtaProgramFile } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { Repositories } from '../../store/repositories.js';
import { privateUrl } from '../../files/references.js';
import { receiveOne, uploadRoute } from '../../files/upload-request.js';
import type { FileService } from '../../files/service.js';

const FIRMWARE = UPLOAD_LIMITS.firmware;
const FIRMWARE_FILE = L('程序文件', 'Firmware file', 'File firmware');

/**
 * An OTA program's firmware (docs/decisions.md "OTA"): any bytes up to 64 MB, hashed (SHA-256 and MD5) as they
 * stream in, kept once. The program's file columns are set only while it has none (a guarded UPDATE), so of two
 * uploads at once one is kept and the other refused and deleted: a version's bytes never change.
 */
export function registerOtaFirmwareRoute(
  scope: FastifyInstance,
  files: FileService,
  db: Kysely<DB>,
  programs: Repositories['otaProgram'],
): void {
  route(
    scope,
    uploadOtaProgramFile,
    async (req) => {
      const caller = callerOf(req);
      const { id } = req.params;
      const before = await programs.get(caller, id, req.timeZone);
      if (before.sha256) throw new HttpError(409, 'ota.fileKept');
      const received = await receiveOne(
        req,
        FIRMWARE.maxBytes,
        (part) => files.receive(part.file, part.filename, { limit: FIRMWARE, md5: true }),
        FIRMWARE_FILE,
      );
      const { tenantId } = await db
        .selectFrom('otaPrograms')
        .select('tenantId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const kept = await files.keep(received, {
        tenantId,
        ownerEntity: 'otaProgram',
        ownerId: id,
        kind: 'firmware',
        uploader: caller,
      });
      const done = await db
        .updateTable('otaPrograms')
        .set({
          fileId: kept.id,
          fileName: kept.name.slice(0, 200),
          fileSize: kept.size,
          sha256: kept.sha256,
          md5: kept.md5,
          fileUrl: privateUrl(kept.id),
          updateTime: Date.now(),
        })
        .where('id', '=', id)
        .where('fileId', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) {
        await files.remove(kept);
        throw new HttpError(409, 'ota.fileKept');
      }
      programs.forgetCounts();
      return ok(await programs.get(caller, id, req.timeZone));
    },
    uploadRoute(FIRMWARE, FIRMWARE_FILE),
  );
}
