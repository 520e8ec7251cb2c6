import { chmodSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Session } from '@liftcloud/client';

/** One profile's login: the session the server gave, for which server, and how it was obtained. */
export interface StoredLogin {
  /** The server the session belongs to: never sent to another one. */
  server: string;
  session: Session;
  /** The access token the session came from (login --with-token): used to log in again when it expires. */
  accessToken?: string;
  /** The organisation chosen at login (the profile's org, when set, wins). */
  orgId?: number | null;
}

type CredentialsShape = Record<string, StoredLogin>;

export const SECRET_FILE_MODE = 0o600;
export const SECRET_DIR_MODE = 0o700;

/**
 * The file that holds logins: written whole to a temporary file created 0600 and renamed over the old one,
 * so it is never readable by others, not even for a moment, and never left half-written.
 */
export class CredentialsFile {
  constructor(readonly path: string) {}

  readAll(): CredentialsShape {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as CredentialsShape;
    } catch {
      return {};
    }
  }

  get(profile: string): StoredLogin | null {
    return this.readAll()[profile] ?? null;
  }

  put(profile: string, login: StoredLogin | null): void {
    const all = this.readAll();
    if (login) all[profile] = login;
    else delete all[profile];
    this.writeAll(all);
  }

  update(profile: string, patch: Partial<StoredLogin>): void {
    const current = this.get(profile);
    if (current) this.put(profile, { ...current, ...patch });
  }

  private writeAll(all: CredentialsShape): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: SECRET_DIR_MODE });
    const temp = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: SECRET_FILE_MODE, flag: 'w' });
      chmodSync(temp, SECRET_FILE_MODE); // in case the file existed with wider permissions
      renameSync(temp, this.path);
    } catch (error) {
      try {
        unlinkSync(temp);
      } catch {
        // nothing to clean up
      }
      throw error;
    }
  }
}
