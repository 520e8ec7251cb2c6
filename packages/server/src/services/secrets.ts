import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RANDOM_KEY_ALPHABET } from '@liftcloud/client';

/** argon2id at OWASP's minimum (19 MiB, 2 passes): about 18 ms here, run off the event loop by the binding. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2 binding, loaded at the first hash: a restart answers before anyone logs in (bench/startup.ts). */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/**
 * How many argon2 computations may run at once (HASH_CONCURRENCY; default: one less than the cores, at least
 * one); the others wait their turn in order. Each runs on libuv's thread pool, never on the event loop, but a
 * login storm with a hash per core would leave the event loop (every other request) fighting for CPU: keeping a
 * core free holds the API's latency while logins queue (bench/login-storm.ts, docs/decisions.md).
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

export const hashPassword = async (password: string): Promise<string> => {
  const { hash } = await loadArgon2();
  return withHashSlot(() => hash(password, ARGON2));
};

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await withHashSlot(() => verify(stored, password));
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
