import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  UPLOAD_LIMITS,
  translate,
  uploadProgramImage,
  uploadProgramVideo,
  uploadUiSettingImage,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { AreaDeps } from '../area.js';

type Kind = 'png' | 'jpg' | 'gif' | 'mp4';

/** What a file's first bytes say it is: the name alone is not trusted. */
export function sniff(head: Buffer): Kind | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}

/** Each upload kind: its limits (domain.md §5) and its declaration (who may send it). */
const KINDS: { limit: { types: readonly string[]; maxBytes: number }; op: typeof uploadUiSettingImage }[] = [
  { limit: UPLOAD_LIMITS.uiSettingImage, op: uploadUiSettingImage },
  { limit: UPLOAD_LIMITS.programImage, op: uploadProgramImage },
  { limit: UPLOAD_LIMITS.programVideo, op: uploadProgramVideo },
];

/** Passes bytes through while checking the first ones, so a file is judged before it is kept. */
function firstBytesCheck(check: (head: Buffer) => void): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 12) return done();
        checked = true;
        try {
          check(head);
        } catch (err) {
          return done(err as Error);
        }
        return done(null, head);
      }
      done(null, chunk);
    },
    flush(done) {
      if (!checked) {
        try {
          check(head);
        } catch (err) {
          return done(err as Error);
        }
        this.push(head);
      }
      done();
    },
  });
}

/**
 * Uploads (UI setting images, program images and videos): bounded while streaming, checked by content,
 * written straight to DATA_DIR/uploads under a random name (a 300 MB video is never held in memory) and
 * served from /uploads/.
 */
export async function registerUploads(app: FastifyInstance, { options }: AreaDeps): Promise<void> {
  const { uploadDir } = options;
  if (!uploadDir) return;
  mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, { root: uploadDir, prefix: '/uploads/', decorateReply: false, index: false });
  for (const { limit, op } of KINDS) {
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: limit.maxBytes, files: 1, fields: 0, parts: 1 } });
      route(scope, op, async (req) => {
        if (!req.isMultipart()) throw new HttpError(415, 'upload.oneFile');
        const part = await req.file();
        if (!part) throw new HttpError(400, 'upload.oneFile');
        const named = part.filename.toLowerCase().split('.').pop() ?? '';
        const wrongType = () =>
          new ValidationError(
            [{ field: 'file', rule: 'upload.type', params: { types: limit.types.join(', ') } }],
            op.body,
          );
        if (!limit.types.includes(named)) throw wrongType();
        let kind: Kind | null = null;
        const file = `${randomBytes(16).toString('hex')}`;
        const tmp = join(uploadDir, `${file}.part`);
        try {
          await pipeline(
            part.file,
            firstBytesCheck((head) => {
              kind = sniff(head);
              const acceptable = kind === named || (kind === 'jpg' && named === 'jpeg');
              if (!acceptable) throw wrongType();
            }),
            createWriteStream(tmp, { flags: 'wx' }),
          );
        } catch (err) {
          await rm(tmp, { force: true });
          throw err;
        }
        if (part.file.truncated) {
          await rm(tmp, { force: true });
          throw new ValidationError(
            [{ field: 'file', rule: 'upload.tooLarge', params: { limit: limit.maxBytes / 1024 / 1024 } }],
            op.body,
            413,
          );
        }
        const final = `${file}.${kind ?? named}`;
        await rename(tmp, join(uploadDir, final));
        return ok({ url: `/uploads/${final}` }, translate(req.lang, 'outcome.done'));
      });
    });
  }
}
