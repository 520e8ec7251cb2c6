import { downloadFile, getBrandingImage } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { FileOwners } from '../../files/owners.js';
import { sendFile } from '../../files/send.js';
import type { FileService } from '../../files/service.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';

/**
 * Files out: a download answered only to whoever may read the owner record (anyone else: 404, as for a file
 * that does not exist), and branding images by their unguessable key without a login.
 */
export function registerDownloads(app: FastifyInstance, files: FileService, owners: FileOwners): void {
  route(app, downloadFile, async (req, reply) => {
    const file = await files.find(req.params.id);
    if (!file || !(await owners.mayRead(callerOf(req), file, req.timeZone))) throw notFound();
    const bytes = await files.open(file);
    if (!bytes) throw notFound();
    return sendFile(reply, file, bytes);
  });

  route(app, getBrandingImage, async (req, reply) => {
    const file = await files.findPublic(req.params.key);
    const bytes = file ? await files.open(file) : null;
    if (!file || !bytes) throw notFound();
    return sendFile(reply, file, bytes);
  });
}
