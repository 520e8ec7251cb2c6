import Type, { type Static } from 'typebox';
import type { Language } from '../i18n/languages.js';
import { L } from '../schema/fields.js';
import { TOPIC_ROOT } from './protocol.js';

/**
 * The OTA firmware transfer (docs/gateway-protocol.md "OTA transfer"): the platform sends a burn's firmware down
 * lc/{dtu}/down/ota in chunks, the gateway answers on lc/{dtu}/up/ota. One definition here serves the server's
 * transfers, the simulator and the benchmark.
 */
export const otaDownTopic = (dtu: string) => `${TOPIC_ROOT}/${dtu}/down/ota`;
export const otaUpTopic = (dtu: string) => `${TOPIC_ROOT}/${dtu}/up/ota`;
/** What an instance subscribes to on an external broker to hear the transfers it drives (not shared). */
export const OTA_UP_WILDCARD = `${TOPIC_ROOT}/+/up/ota`;

/** Parse lc/{dtu}/up/ota; null for any other topic. */
export function parseOtaUpTopic(topic: string): { dtu: string } | null {
  const m = /^lc\/(\d{11})\/up\/ota$/.exec(topic);
  return m ? { dtu: m[1]! } : null;
}

/** Bytes of firmware in one chunk (its base64 is about 21.8 KB of JSON). */
export const OTA_CHUNK_BYTES = 16 * 1024;
/** Firmware bytes sent and not yet acknowledged, per gateway, at most. */
export const OTA_WINDOW_BYTES = 64 * 1024;
/** The largest up message of a transfer. */
export const MAX_OTA_UP_BYTES = 1024;

const transferId = Type.String({ minLength: 1, maxLength: 40 });
const offset = Type.Integer({ minimum: 0 });

/** Down: the transfer announced, before any chunk (and again when a transfer is resumed by another instance). */
export const OtaBeginMessage = Type.Object({
  op: Type.Literal('begin'),
  transferId,
  programId: Type.Integer({ minimum: 1 }),
  version: Type.String({ maxLength: 30 }),
  /** The whole file's size in bytes and its SHA-256 (hex): the gateway verifies against them at the end. */
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  chunkSize: Type.Integer({ minimum: 1 }),
});

/** Down: `length` bytes of the file from `offset`, base64. */
export const OtaChunkMessage = Type.Object({
  op: Type.Literal('chunk'),
  transferId,
  offset,
  length: Type.Integer({ minimum: 1 }),
  data: Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
});

/** Down: the platform gave the transfer up (the burn failed): the gateway drops what it received. */
export const OtaAbortMessage = Type.Object({
  op: Type.Literal('abort'),
  transferId,
  reason: Type.String({ maxLength: 200 }),
});

export const OtaDownMessage = Type.Union([OtaBeginMessage, OtaChunkMessage, OtaAbortMessage]);

/**
 * Up: `ready` answers a begin, `resume` is sent by a gateway that reconnected mid-transfer, `ack` follows each
 * chunk; each carries `offset`, the bytes the gateway holds in order and intact (where the next chunk starts).
 * `result` ends the transfer: the gateway hashed the whole file and compared it with the announced SHA-256 (`ok`),
 * `sha256` being what it computed; `error` says why it failed (a checksum mismatch, a flash write error).
 */
export const OtaUpMessage = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  ts: Type.Integer({ minimum: 0 }),
  op: Type.Union([Type.Literal('ready'), Type.Literal('resume'), Type.Literal('ack'), Type.Literal('result')]),
  transferId,
  offset: Type.Optional(offset),
  ok: Type.Optional(Type.Boolean()),
  sha256: Type.Optional(Type.String({ maxLength: 64 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

export type OtaBeginMessage = Static<typeof OtaBeginMessage>;
export type OtaChunkMessage = Static<typeof OtaChunkMessage>;
export type OtaAbortMessage = Static<typeof OtaAbortMessage>;
export type OtaDownMessage = Static<typeof OtaDownMessage>;
export type OtaUpMessage = Static<typeof OtaUpMessage>;

/**
 * Why a burn failed, as the burn row keeps it: a code below (the platform's, or one a gateway reports in a
 * result's `error`), else a gateway's own words. Screens show the code in the reader's language; JSON keeps it.
 */
export const OTA_BURN_ERRORS = {
  checksumMismatch: L(
    '固件校验失败(SHA-256不一致)',
    'Checksum mismatch (SHA-256)',
    'Checksum non corrispondente (SHA-256)',
  ),
  flashFailed: L(
    '网关写入闪存失败',
    'The gateway failed to write its flash',
    'Il gateway non è riuscito a scrivere la flash',
  ),
  noAnswer: L('网关停止应答', 'The gateway stopped answering', 'Il gateway ha smesso di rispondere'),
  neverOnline: L('网关未上线', 'The gateway did not come online', 'Il gateway non è tornato online'),
  firmwareMissing: L('程序文件缺失或已损坏', 'The firmware is missing or damaged', 'Il firmware manca o è danneggiato'),
} as const;
export type OtaBurnError = keyof typeof OTA_BURN_ERRORS;

/** A burn's failure in a language: a known code's text, else what the gateway said, as it said it. */
export function otaBurnErrorText(error: string | null | undefined, language: Language): string | null {
  if (!error) return null;
  const known = (OTA_BURN_ERRORS as Record<string, Record<Language, string>>)[error];
  return known ? known[language] : error;
}
