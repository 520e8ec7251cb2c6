import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type FileStore } from './store.js';

const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/** Files kept in a folder (DATA_DIR/uploads): a key is a path below it. */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, checkKey(key));
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // written beside, then renamed: a reader never sees half a file
    const part = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(part, { flags: 'wx' }));
      await rename(part, path);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async adopt(key: string, localPath: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await rename(localPath, path);
    } catch (err) {
      // another disk: copy it over, then drop the original
      if ((err as { code?: string }).code !== 'EXDEV') throw err;
      await this.put(key, createReadStream(localPath));
      await rm(localPath, { force: true });
    }
  }
}
