import { attachmentOperations, MAX_ATTACHMENTS_PER_RECORD, translate, type AttachableEntity } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { FileOwner, FileOwners } from '../../files/owners.js';
import { fileInfo } from '../../files/references.js';
import { receiveOne, uploadRoute } from '../../files/upload-request.js';
import type { FileService } from '../../files/service.js';

export interface AttachmentOwner {
  entity: AttachableEntity;
  owner: FileOwner;
  owners: FileOwners;
}

/**
 * An entity's attachments (its definition's `attachments`): list and attach under the record, delete one,
 * download through downloadFile. Every call needs the record within the caller's tenant and organisations
 * (else 404); the permissions are the declarations'.
 */
export function registerAttachmentRoutes(scope: FastifyInstance, files: FileService, spec: AttachmentOwner): void {
  const { entity, owner, owners } = spec;
  const ops = attachmentOperations(entity);
  const limit = entity.attachments;

  route(scope, ops.list, async (req) => {
    const { id } = await owners.record(owner, callerOf(req), req.params.id, req.timeZone);
    const list = await files.listOwned(entity.name, id, 'attachment');
    return ok(list.map((file) => fileInfo(file, req.timeZone)));
  });

  route(
    scope,
    ops.attach,
    async (req) => {
      const { id, tenantId } = await owners.record(owner, callerOf(req), req.params.id, req.timeZone, true);
      if ((await files.listOwned(entity.name, id, 'attachment')).length >= MAX_ATTACHMENTS_PER_RECORD)
        throw new ValidationError([
          { field: 'file', rule: 'validation.maxItems', params: { limit: MAX_ATTACHMENTS_PER_RECORD } },
        ]);
      const received = await receiveOne(req, limit.maxBytes, (part) =>
        files.receive(part.file, part.filename, { limit }),
      );
      const kept = await files.keep(received, {
        tenantId,
        ownerEntity: entity.name,
        ownerId: id,
        kind: 'attachment',
        uploader: callerOf(req),
      });
      return ok(fileInfo(kept, req.timeZone), translate(req.lang, 'outcome.done'));
    },
    uploadRoute(limit),
  );

  route(scope, ops.remove, async (req) => {
    const { id } = await owners.record(owner, callerOf(req), req.params.id, req.timeZone, true);
    const file = await files.find(req.params.fileId);
    if (!file || file.ownerEntity !== entity.name || file.ownerId !== id || file.kind !== 'attachment')
      throw notFound();
    await files.remove(file);
    return ok(null, translate(req.lang, 'outcome.done'));
  });
}
