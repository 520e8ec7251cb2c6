import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { L, UPLOAD_LIMITS, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Type from 'typebox';
import { envelope, ok } from '../http/envelope.js';
import { HttpError, ValidationError } from '../http/errors.js';

const FILE_LABEL = L('文件', 'File', 'File');
const FileSchema = Type.Object({ file: { ...Type.String(), 'x-label': FILE_LABEL } as never });

/** What a file's first bytes say it is: the name alone is not trusted. */
function sniff(head: Buffer): 'png' | 'jpg' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Image uploads for UI settings (jpg or png, at most 2 MB): bounded while streaming, checked by content,
 * stored under DATA_DIR/uploads with a random name and served from /uploads/.
 */
export async function registerUploads(app: FastifyInstance, uploadDir: string): Promise<void> {
  mkdirSync(uploadDir, { recursive: true });
  const limit = UPLOAD_LIMITS.uiSettingImage;
  await app.register(multipart, { limits: { fileSize: limit.maxBytes, files: 1, fields: 0, parts: 1 } });
  await app.register(fastifyStatic, { root: uploadDir, prefix: '/uploads/', decorateReply: false, index: false });

  app.post('/api/uploads/uiSettingImage', {
    config: { permission: 'superAdmin' },
    schema: {
      tags: ['uiSetting'],
      summary: 'Upload a UI setting image (jpg or png, at most 2 MB)',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(Type.Object({ url: Type.String() })) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, 'upload.oneFile');
      const part = await req.file();
      if (!part) throw new HttpError(400, 'upload.oneFile');
      const buffer = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ValidationError(
            [{ field: 'file', rule: 'upload.tooLarge', params: { limit: limit.maxBytes / 1024 / 1024 } }],
            FileSchema,
            413,
          );
        throw err;
      });
      const kind = sniff(buffer);
      const named = part.filename.toLowerCase().split('.').pop() ?? '';
      if (!kind || !(limit.types as readonly string[]).includes(named === 'jpeg' ? 'jpg' : named))
        throw new ValidationError(
          [{ field: 'file', rule: 'upload.type', params: { types: limit.types.join(', ') } }],
          FileSchema,
        );
      const name = `${randomBytes(16).toString('hex')}.${kind}`;
      await writeFile(join(uploadDir, name), buffer, { flag: 'wx' });
      return ok({ url: `/uploads/${name}` }, translate(req.lang, 'outcome.done'));
    },
  });
}
