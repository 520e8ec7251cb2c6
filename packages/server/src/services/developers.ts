import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OPEN_API, openApiCanonical } from '@liftcloud/client';
import type { Store } from '../db/database.js';
import { keyFromFile, keyFromStore } from './share-links.js';

/**
 * Developer secrets (docs/decisions.md "Developer secrets"). The open API checks an HMAC with the appSecret, so
 * the server needs the secret itself, not a hash: it is kept sealed with AES-256-GCM under a server key that is
 * not in the database (DEVELOPER_SECRET_KEY, or DATA_DIR/developer-secret.key beside a SQLite store; on
 * PostgreSQL without either, a key row of the store shared by every instance, as the share-link key).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('a developer secret key needs 32 bytes');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key.subarray(0, 32), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key.subarray(0, 32), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

const KEY_NAME = 'developerSecretKey';

/** The key developer secrets are sealed with: configured, a file beside SQLite, or the store's own row. */
export async function developerSecretBox(
  store: Store,
  opts: { key?: string | undefined; keyFile?: string | undefined },
): Promise<SecretBox> {
  if (opts.key) {
    const key = /^[0-9a-f]{64}$/i.test(opts.key) ? Buffer.from(opts.key, 'hex') : Buffer.from(opts.key, 'base64');
    return new SecretBox(key);
  }
  if (opts.keyFile) return new SecretBox(keyFromFile(opts.keyFile));
  return new SecretBox(await keyFromStore(store, KEY_NAME));
}

/** An appKey: public, unique, 24 hex characters after "ak_". */
export const newAppKey = (): string => `ak_${randomBytes(12).toString('hex')}`;
/** An appSecret: 32 random bytes (256 bits), base64url, 43 characters. */
export const newAppSecret = (): string => randomBytes(OPEN_API.secretBytes).toString('base64url');

export const sha256Hex = (body: string | Buffer): string => createHash('sha256').update(body).digest('hex');

/** The signature of a request, as a developer computes it (docs/developer-api.md). */
export function signOpenApiRequest(
  secret: string,
  req: { method: string; pathWithQuery: string; timestamp: string | number; nonce: string; body?: string | Buffer },
): string {
  const canonical = openApiCanonical({ ...req, bodySha256Hex: sha256Hex(req.body ?? '') });
  return createHmac('sha256', secret).update(canonical).digest('base64');
}

/** Does the signature match this secret? Compared in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
