/** Business constants and limits: console-shell.md §9 and domain.md §9. Each lives here once. */

export const PAGE_SIZES = [20, 30, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export const REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export const NOTICE_POLL = {
  repairIntervalMs: 10_000,
  alarmBellIntervalMs: 10_000,
  firstPollDelayMs: 2_000,
  expiryIntervalMs: 60 * 60_000,
  expiryMaxEntries: 10,
  expiryShowMs: 15_000,
} as const;

export const VIDEO_CALL = { timeoutMs: 20_000, dialogWidth: 910 } as const;
export const WEBSOCKET_RECONNECT = { delayMs: 5_000, attempts: 3 } as const;

export const SERIAL_PORT = {
  baudRate: 9600,
  dataBits: 8,
  stopBits: 1,
  parity: 'none',
  searchIntervalMs: 5_000,
  searchAttempts: 36,
  lightOffAfterMs: 10_000,
  /** Only these organisations may drive the alarm light. */
  organisations: [3034, 0],
} as const;

/** Random keys leave out characters people confuse (0/O, 1/l/I). */
export const RANDOM_KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const RANDOM_KEY_LENGTH = 8;

export const MONITOR_MAX_ELEVATORS = 8;
export const SMS_CODE_VALID_MS = 10 * 60_000;
export const MAX_FLOOR = 64;
export const GATEWAY_OFFLINE_AFTER_MS = 60_000;
/**
 * A meter gateway is offline once its readings stop for this long: meters report every minute to every hour
 * (the demo's history is hourly), so a silent hour is one missed reading at the slowest (docs/decisions.md).
 */
export const METER_OFFLINE_AFTER_MS = 60 * 60_000;
export const PUSH_MESSAGE_MAX_LENGTH = 500;

export const GATEWAY_TEST = {
  dtuLength: 11,
  /** domain.md says 20, console-shell.md says 50; we keep 20 (docs/decisions.md). */
  maxBatch: 20,
  eachTestMs: 5 * 60_000,
  maxTotalMs: 24 * 60 * 60_000,
} as const;

export const LENGTHS = { partsId: 34, mac: 17, appSecret: 8, dtu: 11 } as const;

export const UPLOAD_LIMITS = {
  programImage: { types: ['jpg', 'jpeg', 'png', 'gif'], maxBytes: 3 * 1024 * 1024 },
  programVideo: { types: ['mp4'], maxBytes: 300 * 1024 * 1024 },
  uiSettingImage: { types: ['jpg', 'png'], maxBytes: 2 * 1024 * 1024 },
  /** A gateway version's program file: any type (the MD5 is the check), at most 64 MB. */
  firmware: { types: [], maxBytes: 64 * 1024 * 1024 },
  contractAttachment: {
    types: ['jpg', 'png', 'bmp', 'jpeg', 'xlsx', 'xls', 'docx', 'doc'],
    maxBytes: 10 * 1024 * 1024,
  },
  /** Not in the spec: an elevator's papers (certificates, inspection reports) as contracts take them, and pdf. */
  elevatorAttachment: {
    types: ['jpg', 'png', 'bmp', 'jpeg', 'pdf', 'xlsx', 'xls', 'docx', 'doc'],
    maxBytes: 10 * 1024 * 1024,
  },
  /**
   * Not in the spec: a maintenance order's evidence (item photos, recordings as mp4 or m4a, drawn signatures),
   * judged by content like every upload.
   */
  maintenanceEvidence: { types: ['jpg', 'jpeg', 'png', 'mp4'], maxBytes: 20 * 1024 * 1024 },
} as const;

/** Attachments one record may carry: a bound on what one record can pile up. */
export const MAX_ATTACHMENTS_PER_RECORD = 50;

/** How many images of one kind a UI setting may hold: delete before adding more. */
export const UI_SETTING_MAX_BANNERS = 5;

/** Date-range query spans (domain.md §5), in days; a month is 31 days. */
export const QUERY_SPAN_DAYS = {
  event: 3,
  powerDown: 7,
  alarm: 7,
  fifteenDay: 15,
  oneMonth: 31,
  fault: 62,
} as const;

/** Usernames with powers of their own (§6); reserved, nobody can create or rename to them. */
export const SUPER_ADMIN_USERNAME = 'superAdmin';
export const ADMIN_USERNAME = 'admin';
export const RESERVED_USERNAMES = [SUPER_ADMIN_USERNAME, ADMIN_USERNAME] as const;

/** The site on which 'only step' pages show and the maintenance-order page hides. */
export const G_CLOUD_SITE_NAME = 'G-Cloud elevator cloud';

/**
 * Login guessing is slowed, never turned into a lockout anyone can cause (the server's login policy): after
 * `freeFailures` failures of one account from one source within `windowMs`, that source waits `firstDelayMs`,
 * doubled with each further failure up to `maxDelayMs`; after `accountFailures` failures from all sources
 * together, sources the account has not logged in from within `knownSourceMs` wait the same way.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  accountFailures: 20,
  windowMs: 15 * 60_000,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  knownSourceMs: 30 * 24 * 60 * 60_000,
} as const;
/**
 * SMS pumping limits (guide/security.md): per phone and source `perMinute` and `perHour`; per source, any
 * phones, `perSourcePerHour`; per phone from sources its account has not logged in from, `perPhonePerHour`.
 */
export const SMS_LIMITS = {
  perMinute: 1,
  perHour: 5,
  perSourcePerHour: 20,
  perPhonePerHour: 10,
  codeDigits: 6,
  maxTries: 5,
} as const;
export const SESSION_TTL_MS = 12 * 60 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/**
 * Captchas a source may hold unanswered (a new one drops its oldest), and how many it may ask for a minute
 * for each login attempt it is allowed (the captcha door is three times as wide as the login door).
 */
export const CAPTCHA_LIMITS = { perSource: 10, perLoginAttempt: 3 } as const;

export const APP_VERSION = '1.0';

/** EOCD: how long a run's raw samples are kept (its metrics stay); the sweep deletes older ones (docs/decisions.md). */
export const EOCD_SAMPLE_RETENTION_DAYS = 30;
/**
 * Developer integrations (issue 16, docs/developer-api.md): the open API's signature headers, its replay window
 * and rate limit per appKey, and how long a rotated secret keeps working beside the new one.
 */
export const OPEN_API = {
  /** Path prefix under /api of the signed open API. */
  prefix: 'open/v1',
  headers: { appKey: 'x-app-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' },
  /** A request's timestamp may be at most this far from the server's clock, either way. */
  replayWindowMs: 5 * 60_000,
  /** Nonces: 16 to 64 characters of letters, digits, - and _. */
  nonceMin: 16,
  nonceMax: 64,
  /** Requests per appKey per minute, across all instances (counted in the store). */
  ratePerMinute: 120,
  /** A generated appSecret: 32 random bytes, base64url (43 characters). */
  secretBytes: 32,
  /** Rotation: the previous secret keeps working this many hours (0 to 168) beside the new one. */
  defaultOverlapHours: 24,
  maxOverlapHours: 168,
} as const;

/**
 * Webhooks (issue 16, docs/developer-api.md "Webhooks"): the event types a developer subscribes to, how long a
 * delivery is retried, and the bounds of one attempt.
 */
export const WEBHOOK = {
  events: ['alarm.raised', 'alarm.removed', 'alarm.repealed', 'event', 'fault', 'terminal.status'] as const,
  /** The first retry after a failure; each further one doubles, never more than maxBackoffMs apart. */
  firstBackoffMs: 30_000,
  maxBackoffMs: 6 * 3_600_000,
  /** Retries go on this long after the event (at least the 24 hours the issue asks), then the delivery fails. */
  giveUpAfterMs: 72 * 3_600_000,
  timeoutMs: 10_000,
  /** The part of a receiver's answer kept in the delivery log. */
  responseExcerptChars: 500,
  /** Attempts sent at once (different elevators; one elevator's deliveries go in order). */
  concurrency: 16,
  /** An endpoint with nothing delivered for this long when a delivery to it is given up is switched off. */
  switchOffAfterMs: 72 * 3_600_000,
  /** A delivered or failed delivery, and its attempts, leave the log this long after it was raised. */
  keptMs: 30 * 24 * 3_600_000,
} as const;
export type WebhookEventType = (typeof WEBHOOK.events)[number];
