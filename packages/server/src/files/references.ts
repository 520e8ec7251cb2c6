import { formatDateTime, type FileInfo } from '@liftcloud/client';
import type { StoredFile } from './service.js';

/** Where a kept file is downloaded: through /api with the owner's checks. */
export const privateUrl = (id: number) => `/api/files/${id}`;
/** Where a branding image is served without a login. */
export const publicUrl = (publicKey: string) => `/api/public/branding/${publicKey}`;

export const urlOf = (file: StoredFile) => (file.publicKey ? publicUrl(file.publicKey) : privateUrl(file.id));

const PRIVATE = /\/api\/files\/(\d{1,10})(?![\d])/g;
const PUBLIC = /\/api\/public\/branding\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

/** The files a record's text fields name by their addresses (an image field, a program list's JSON). */
export function namedFiles(texts: readonly unknown[]): { ids: number[]; publicKeys: string[] } {
  const ids = new Set<number>();
  const publicKeys = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(PRIVATE)) ids.add(Number(m[1]));
    for (const m of text.matchAll(PUBLIC)) publicKeys.add(m[1] ?? '');
  }
  return { ids: [...ids], publicKeys: [...publicKeys] };
}

/** A kept file as the API tells of it. */
export function fileInfo(file: StoredFile, tz: string): FileInfo {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    sha256: file.sha256,
    createTime: formatDateTime(file.createTime, tz),
    uploaderName: file.uploaderName,
    url: urlOf(file),
  };
}
