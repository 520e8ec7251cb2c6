import type { Readable } from 'node:stream';

/**
 * Where kept files' bytes live, by key. The local folder (local-store.ts) is the default; an S3-compatible
 * object store is another implementation of the same four calls (put as a streamed upload, get as a streamed
 * GetObject, delete, exists as HeadObject), chosen in app.ts. Keys are made by the upload service: letters,
 * digits, '.', '_', '-' in '/'-separated segments.
 */
export interface FileStore {
  /** Keep `body` under `key`; the key is readable only once the whole body is kept. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Forget `key`; a key that is not there is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Take a finished file on this machine's disk as `key` (a rename when it is on the same disk), instead of
   * streaming it through put. Optional: a remote store leaves it out.
   */
  adopt?(key: string, localPath: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** A key every store accepts: no empty, dot-led ('..') or absolute segments. */
export function checkKey(key: string): string {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
  return key;
}
