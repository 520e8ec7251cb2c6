import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Kysely } from 'kysely';
import type { Store } from '../db/database.js';
import type { LooseDB } from '../store/repository.js';

const KEY_BYTES = 32;
const SECRET_NAME = 'shareLinkKey';

/**
 * The signing key in a file (DATA_DIR/share-link.key beside the SQLite store): made once from random
 * bytes, readable by the server's user only. A copy of the database file alone does not carry it.
 */
export function keyFromFile(file: string): Buffer {
  try {
    const key = readFileSync(file);
    if (key.length >= KEY_BYTES) return key;
    throw new Error(`${file} holds ${key.length} bytes; a share-link key needs ${KEY_BYTES}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write; the loser reads the winner's key
    writeFileSync(file, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file);
}

/**
 * A key in the store (PostgreSQL): the first instance to start makes it, every other reads it. `name` tells the
 * keys apart (the share-link key by default; services/developers.ts keeps the developer secrets' key this way).
 */
export async function keyFromStore(store: Store, name = SECRET_NAME): Promise<Buffer> {
  const db = store.db as unknown as Kysely<LooseDB>;
  await db
    .insertInto('serverSecrets')
    .values({ name, value: randomBytes(KEY_BYTES).toString('hex'), createTime: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(String(row.value), 'hex');
}

/**
 * Signs and checks links to one record's public page: a work order's (h5workOrder, the default), an EOCD run's
 * (eocdOperate) or an elevator's EOCD page (eocdPrivate). One key; the purpose is signed in, so a link of one
 * kind opens nothing of another.
 */
export class ShareLinkSigner {
  constructor(
    private readonly key: Buffer,
    private readonly purpose = 'h5workOrder',
  ) {}

  private mac(workOrderId: number, exp: number): Buffer {
    // the purpose prefix keeps a signature from meaning anything to another kind of link
    return createHmac('sha256', this.key).update(`${this.purpose}:v1:${workOrderId}:${exp}`).digest();
  }

  /**
   * Links of another purpose (the public reports): the purpose and every part of the link, joined, under the
   * same key. A part may not hold a newline, so no two lists of parts read the same.
   */
  private macOf(purpose: string, parts: readonly string[], exp: number): Buffer {
    if (parts.some((p) => p.includes('\n'))) throw new Error('a signed link part holds a newline');
    return createHmac('sha256', this.key)
      .update(`${purpose}:v1\n${parts.join('\n')}\n${exp}`)
      .digest();
  }

  signParts(purpose: string, parts: readonly string[], exp: number): string {
    return this.macOf(purpose, parts, exp).toString('base64url');
  }

  /** Whether `rawSig` signs these parts for this purpose and `rawExp` is a well-formed expiry not yet past. */
  verifyParts(
    purpose: string,
    parts: readonly string[],
    rawSig: unknown,
    rawExp: unknown,
    nowMs = Date.now(),
  ): boolean {
    if (typeof rawSig !== 'string' || typeof rawExp !== 'string' || !/^\d{1,12}$/.test(rawExp)) return false;
    if (parts.some((p) => p.includes('\n'))) return false;
    const exp = Number(rawExp);
    const given = Buffer.from(rawSig, 'base64url');
    const expected = this.macOf(purpose, parts, exp);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    if (rawSig !== expected.toString('base64url')) return false;
    return exp * 1000 > nowMs;
  }

  /** `exp` is epoch seconds. */
  sign(workOrderId: number, exp: number): string {
    return this.mac(workOrderId, exp).toString('base64url');
  }

  /**
   * The work order a link opens, or null for any flaw: a malformed id, signature or expiry, another order's
   * signature, or a link past its expiry. The caller answers every null alike.
   */
  verify(rawId: unknown, rawSig: unknown, rawExp: unknown, nowMs = Date.now()): number | null {
    if (typeof rawId !== 'string' || typeof rawSig !== 'string' || typeof rawExp !== 'string') return null;
    if (!/^[1-9]\d{0,9}$/.test(rawId) || !/^\d{1,12}$/.test(rawExp)) return null;
    const id = Number(rawId);
    const exp = Number(rawExp);
    if (id > 2_147_483_647) return null;
    const given = Buffer.from(rawSig, 'base64url');
    const expected = this.mac(id, exp);
    // the length is the same for every genuine signature, so checking it first tells nothing
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    // a canonical spelling only: base64url decoding ignores stray characters, so compare the text too
    if (rawSig !== expected.toString('base64url')) return null;
    return exp * 1000 > nowMs ? id : null;
  }
}
