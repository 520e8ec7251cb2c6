import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RANDOM_KEY_ALPHABET } from '@liftcloud/client';
import { HashWorkers } from './hash-workers.js';

/** argon2id at OWASP's minimum (19 MiB, 2 passes): about 18 ms here, on the hash workers (hash-workers.ts). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The hash threads' nice value (HASH_NICE; default 0, the API's own priority). At 10, when the API and a login
 * storm want the same cores, the API's thread is given about nine tenths of them and the hashes the rest; on a
 * host shared with other work the hashes then starve, so it is a setting for a dedicated host, not the default
 * (docs/decisions.md). Raising one's own threads' nice needs no privilege.
 */
export const DEFAULT_HASH_NICE = 0;
const workers = new HashWorkers(DEFAULT_HASH_NICE);

export function setHashNice(nice: number): void {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new RangeError(`hash nice must be 0 to 19, not ${nice}`);
  workers.setNice(nice);
}

/**
 * How many argon2 computations may run at once (HASH_CONCURRENCY; default: the cores but one, which the API
 * keeps); the others wait their turn in order. Each runs on a hash worker thread (at HASH_NICE), never on the
 * event loop (bench/login-storm.ts).
 */
export const defaultHashConcurrency = (): number => Math.max(1, availableParallelism() - 1);
let hashSlots = defaultHashConcurrency();
let hashing = 0;
const waiting: (() => void)[] = [];

export function setHashConcurrency(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`hash concurrency must be a whole number >= 1, not ${n}`);
  hashSlots = n;
  while (hashing < hashSlots && waiting.length) {
    hashing++;
    waiting.shift()!();
  }
}

/** Argon2 computations running and waiting now. */
export const hashQueue = (): { running: number; waiting: number } => ({ running: hashing, waiting: waiting.length });

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < hashSlots) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = hashing <= hashSlots ? waiting.shift() : undefined;
    if (next) next();
    else hashing--;
  }
}

export const hashPassword = (password: string): Promise<string> =>
  withHashSlot(async () => String(await workers.run({ op: 'hash', a: password, options: ARGON2 })));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(async () => (await workers.run({ op: 'verify', a: stored, b: password })) === true);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spend a hash's time when the username is unknown, so timing does not tell which usernames exist. */
export async function burnPasswordTime(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(await dummy, password);
}

/** Tokens are 32 random bytes; only their SHA-256 is stored, so a leaked table grants nothing. */
export const newToken = (prefix = ''): string => prefix + randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random key from the alphabet without ambiguous characters (console-shell.md §9). */
export function randomKey(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += RANDOM_KEY_ALPHABET[randomInt(RANDOM_KEY_ALPHABET.length)];
  return out;
}

/** A one-time password that satisfies the password rule: upper, lower and digit, 12 characters. */
export function oneTimePassword(): string {
  for (;;) {
    const candidate = randomKey(12);
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');
