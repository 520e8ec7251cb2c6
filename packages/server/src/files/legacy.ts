import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FILE_TYPES, ANY_BYTES_TYPE } from '@liftcloud/client';
import type { DB } from '../db/tables.js';
import type { LooseKysely } from '../store/repository.js';
import { withFileAccess } from './random-access.js';
import { privateUrl, publicUrl } from './references.js';
import { newPublicKey, type FileKind } from './service.js';
import { sniffFile } from './sniff.js';
import { checkKey } from './store.js';

/**
 * Before files were kept through /api, uploads were served openly under /uploads/ and records held those
 * addresses: UI setting images, program card images and videos, gateway version program files. At start, each
 * such address whose file is in the upload folder becomes a kept file (its row names the same bytes, where they
 * are) and the record holds its new address; a branding image gets a public key, so the login page still shows
 * it. An address whose file is gone is left as it was. Nothing is left to adopt after one run.
 */

const LEGACY = /\/uploads\/([A-Za-z0-9_-][A-Za-z0-9._/-]*)/g;

interface Holder {
  table: 'uiSettings' | 'programCards' | 'gatewayVersions';
  owner: string;
  fields: string[];
  /** The kind of a file this holder names, from its sniffed content type. */
  kind: (contentType: string) => FileKind;
  public?: boolean;
  md5?: boolean;
}

const HOLDERS: Holder[] = [
  {
    table: 'uiSettings',
    owner: 'uiSetting',
    fields: ['faviconIcon', 'logoLarge', 'logoSmall', 'appQrCode', 'miniProgramQrCode', 'homeBanner', 'appBanners'],
    kind: () => 'uiSettingImage',
    public: true,
  },
  {
    table: 'programCards',
    owner: 'programCard',
    fields: ['programs'],
    kind: (type) => (type === FILE_TYPES.mp4 ? 'programVideo' : 'programImage'),
  },
  { table: 'gatewayVersions', owner: 'gatewayVersion', fields: ['fileUrl'], kind: () => 'firmware', md5: true },
];

async function digest(path: string): Promise<{ sha256: string; md5: string }> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
  }
  return { sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

export async function adoptLegacyUploads(db: Kysely<DB>, root: string, log?: FastifyBaseLogger): Promise<number> {
  const loose = db as unknown as LooseKysely;
  let adopted = 0;
  for (const holder of HOLDERS) {
    const rows = await loose
      .selectFrom(holder.table)
      .select(['id', 'tenantId', ...holder.fields])
      .where((eb) => eb.or(holder.fields.map((f) => eb(f, 'like', '%/uploads/%'))))
      .execute();
    for (const row of rows) {
      const set: Record<string, string> = {};
      for (const field of holder.fields) {
        const text = row[field];
        if (typeof text !== 'string') continue;
        let changed = text;
        for (const [address, key] of text.matchAll(LEGACY)) {
          const url = await adopt(key ?? '', { id: Number(row.id), tenantId: Number(row.tenantId) });
          if (url) changed = changed.split(address).join(url);
        }
        if (changed !== text) set[field] = changed;
      }
      if (Object.keys(set).length) await loose.updateTable(holder.table).set(set).where('id', '=', row.id).execute();
    }

    /** The new address of one legacy file, or null when its file is gone. */
    async function adopt(key: string, owner: { id: number; tenantId: number }): Promise<string | null> {
      try {
        checkKey(key);
      } catch {
        return null;
      }
      const known = await db.selectFrom('files').selectAll().where('storageKey', '=', key).executeTakeFirst();
      if (known) return known.publicKey ? publicUrl(known.publicKey) : privateUrl(known.id);
      const path = join(root, key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) {
        log?.warn({ address: `/uploads/${key}` }, 'a record names an upload that is gone');
        return null;
      }
      const type = await withFileAccess(path, sniffFile);
      const contentType = type ? FILE_TYPES[type] : ANY_BYTES_TYPE;
      const { sha256, md5 } = await digest(path);
      const file = await db
        .insertInto('files')
        .values({
          tenantId: owner.tenantId,
          ownerEntity: holder.owner,
          ownerId: owner.id,
          kind: holder.kind(contentType),
          name: basename(key),
          contentType,
          size: info.size,
          sha256,
          md5: holder.md5 ? md5 : null,
          uploaderId: null,
          uploaderName: null,
          createTime: Math.round(info.mtimeMs),
          storageKey: key,
          publicKey: holder.public ? newPublicKey() : null,
        })
        .returning(['id', 'publicKey'])
        .executeTakeFirstOrThrow();
      adopted++;
      return file.publicKey ? publicUrl(file.publicKey) : privateUrl(file.id);
    }
  }
  return adopted;
}
