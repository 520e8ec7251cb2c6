import {
  translate,
  UPLOAD_LIMITS,
  uploadProgramImage,
  uploadProgramVideo,
  uploadUiSettingImage,
  type UploadLimit,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { fileInfo } from '../../files/references.js';
import type { FileKind, FileService } from '../../files/service.js';
import { receiveOne, uploadRoute } from '../../files/upload-request.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { tenantOf } from '../../services/caller.js';

/**
 * Uploads whose address a record's field then holds (an image of a UI setting, a program of a program card):
 * the entity that will own them (a save that names them claims them) and whether they are served without a login.
 */
const FIELD_UPLOADS: readonly {
  op: typeof uploadUiSettingImage;
  kind: FileKind;
  limit: UploadLimit;
  owner: string;
  public?: boolean;
}[] = [
  {
    op: uploadUiSettingImage,
    kind: 'uiSettingImage',
    limit: UPLOAD_LIMITS.uiSettingImage,
    owner: 'uiSetting',
    public: true,
  },
  { op: uploadProgramImage, kind: 'programImage', limit: UPLOAD_LIMITS.programImage, owner: 'programCard' },
  { op: uploadProgramVideo, kind: 'programVideo', limit: UPLOAD_LIMITS.programVideo, owner: 'programCard' },
];

/** The field uploads; the caller's scope has the multipart parser. */
export function registerFieldUploads(scope: FastifyInstance, files: FileService): void {
  for (const upload of FIELD_UPLOADS)
    route(
      scope,
      upload.op,
      async (req) => {
        const caller = callerOf(req);
        const received = await receiveOne(req, upload.limit.maxBytes, (part) =>
          files.receive(part.file, part.filename, { limit: upload.limit }),
        );
        const kept = await files.keep(received, {
          tenantId: tenantOf(caller),
          ownerEntity: upload.owner,
          ownerId: null,
          kind: upload.kind,
          uploader: caller,
          public: upload.public,
        });
        return ok(fileInfo(kept, req.timeZone), translate(req.lang, 'outcome.done'));
      },
      uploadRoute(upload.limit),
    );
}
