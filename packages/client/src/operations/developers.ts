import Type, { type Static, type TSchema } from 'typebox';
import { OPEN_API } from '../constants.js';
import { developer } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, labelled, named, pageOf } from './components.js';
import { defineOperation } from './define.js';

/**
 * Developer integrations (issue 16, docs/developer-api.md): issuing and rotating a developer's appSecret, and
 * the signed open API a developer calls with it. The open API's routes are `public` to the session check: the
 * server's open area checks the signature, the replay window, the account's status and its rate before anything
 * else, and reads only the account's use units.
 */
const tags = [developer.name];
/** The OpenAPI tag of the signed open API. */
export const OPEN_API_TAG = 'open-api';
const openTags = [OPEN_API_TAG];
const orNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const RotateDeveloperSecretBody = named(
  'RotateDeveloperSecretBody',
  Type.Object(
    {
      /** How long the previous secret keeps working beside the new one; 0 ends it at once. */
      overlapHours: Type.Optional(
        labelled(
          Type.Integer({ minimum: 0, maximum: OPEN_API.maxOverlapHours }),
          '旧密钥保留(小时)',
          'Overlap (hours)',
          'Sovrapposizione (ore)',
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
export type RotateDeveloperSecretBody = Static<typeof RotateDeveloperSecretBody>;

/** A new appSecret: shown in this answer only, never again. */
export const DeveloperSecret = named(
  'DeveloperSecret',
  Type.Object({
    id: Type.Integer(),
    appKey: Type.String(),
    appSecret: Type.String(),
    /** Until when the previous secret is still accepted (the caller's time zone); null: there was none, or 0 hours. */
    previousSecretUntil: orNull(Type.String()),
  }),
);
export type DeveloperSecret = Static<typeof DeveloperSecret>;

export const rotateDeveloperSecret = defineOperation({
  operationId: 'rotateDeveloperSecret',
  method: 'POST',
  path: `${developer.path}/:id/secret`,
  permission: developer.permission.write,
  tags,
  summary: "Issue a developer's appSecret (first time) or rotate it, the previous one kept for an overlap",
  description: 'The secret is in this answer only; the server keeps it encrypted and never shows it again.',
  params: IdParams,
  body: RotateDeveloperSecretBody,
  response: DeveloperSecret,
});

// ---- the signed open API ----

const signedDescription =
  'Signed with the developer account: headers X-App-Key, X-Timestamp (epoch ms), X-Nonce (16 to 64 of ' +
  '[A-Za-z0-9_-], single use) and X-Signature = base64(HMAC-SHA256(appSecret, METHOD \\n path?query \\n ' +
  'timestamp \\n nonce \\n hex(SHA-256(body))). See docs/developer-api.md. Only the use units of the ' +
  "account's data authority are read.";

export const OpenPageQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    elevatorId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    /** Epoch milliseconds: records at or after. */
    since: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type OpenPageQuery = Static<typeof OpenPageQuery>;

export const OpenElevator = named(
  'OpenElevator',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    registerCode: orNull(Type.String()),
    factoryNo: orNull(Type.String()),
    elevatorType: Type.Integer(),
    dtuCode: orNull(Type.String()),
    address: orNull(Type.String()),
    useUnitId: Type.Integer(),
    useUnitName: orNull(Type.String()),
    onlineStatus: Type.Boolean(),
  }),
);
export type OpenElevator = Static<typeof OpenElevator>;

export const OpenElevatorState = named(
  'OpenElevatorState',
  Type.Object({
    elevatorId: Type.Integer(),
    floor: orNull(Type.Integer()),
    direction: orNull(Type.Integer()),
    door: orNull(Type.Integer()),
    run: orNull(Type.Integer()),
    flags: Type.Array(Type.Integer()),
    online: Type.Boolean(),
    /** Epoch milliseconds of the last report. */
    updateTime: orNull(Type.Integer()),
  }),
);
export type OpenElevatorState = Static<typeof OpenElevatorState>;

export const OpenAlarm = named(
  'OpenAlarm',
  Type.Object({
    id: Type.Integer(),
    elevatorId: Type.Integer(),
    dtuCode: Type.String(),
    /** alarmType code. */
    type: Type.Integer(),
    floor: orNull(Type.Integer()),
    cleared: Type.Boolean(),
    /** Epoch milliseconds. */
    alarmTime: Type.Integer(),
    workOrderId: orNull(Type.Integer()),
  }),
);
export type OpenAlarm = Static<typeof OpenAlarm>;

export const OpenFault = named(
  'OpenFault',
  Type.Object({
    id: Type.Integer(),
    elevatorId: Type.Integer(),
    dtuCode: Type.String(),
    faultNo: Type.String(),
    faultTime: Type.Integer(),
    faultStorey: orNull(Type.Integer()),
  }),
);
export type OpenFault = Static<typeof OpenFault>;

export const OpenEvent = named(
  'OpenEvent',
  Type.Object({
    id: Type.Integer(),
    elevatorId: Type.Integer(),
    dtuCode: Type.String(),
    kind: Type.String(),
    eventTime: Type.Integer(),
    detail: orNull(Type.String()),
  }),
);
export type OpenEvent = Static<typeof OpenEvent>;

export const OpenRepairOrder = named(
  'OpenRepairOrder',
  Type.Object({
    id: Type.Integer(),
    workOrderNo: Type.String(),
    elevatorId: Type.Integer(),
    /** alarmType code. */
    type: Type.Integer(),
    /** workOrderState code. */
    recordState: Type.Integer(),
    alarmTime: Type.Integer(),
    finishTime: orNull(Type.Integer()),
  }),
);
export type OpenRepairOrder = Static<typeof OpenRepairOrder>;

const open = <R extends TSchema, Q extends TSchema | undefined = undefined, P extends TSchema | undefined = undefined>(
  operationId: string,
  path: string,
  summary: string,
  response: R,
  extra: { query?: Q; params?: P } = {},
) =>
  defineOperation({
    operationId,
    method: 'GET',
    path: `${OPEN_API.prefix}/${path}`,
    permission: PERMISSION.public,
    tags: openTags,
    summary,
    description: signedDescription,
    ...(extra.query ? { query: extra.query } : {}),
    ...(extra.params ? { params: extra.params } : {}),
    response,
  } as never) as ReturnType<typeof defineOperation<P, Q, undefined, R>>;

export const openListElevators = open(
  'openListElevators',
  'elevators',
  "The elevators of the account's use units",
  pageOf(OpenElevator),
  { query: OpenPageQuery },
);
export const openGetElevatorState = open(
  'openGetElevatorState',
  'elevators/:id/state',
  'The live state of one elevator of the account',
  OpenElevatorState,
  { params: IdParams },
);
export const openListAlarms = open('openListAlarms', 'alarms', "Alarms of the account's elevators", pageOf(OpenAlarm), {
  query: OpenPageQuery,
});
export const openListFaults = open('openListFaults', 'faults', "Faults of the account's elevators", pageOf(OpenFault), {
  query: OpenPageQuery,
});
export const openListEvents = open('openListEvents', 'events', "Events of the account's elevators", pageOf(OpenEvent), {
  query: OpenPageQuery,
});
export const openListRepairOrders = open(
  'openListRepairOrders',
  'repairOrders',
  "Repair orders of the account's elevators",
  pageOf(OpenRepairOrder),
  { query: OpenPageQuery },
);

/** The open API's operations, in the order docs/developer-api.md lists them. */
export const OPEN_API_OPERATIONS = [
  openListElevators,
  openGetElevatorState,
  openListAlarms,
  openListFaults,
  openListEvents,
  openListRepairOrders,
] as const;

/**
 * The text a request's signature is computed over: method, path with its query as sent, timestamp, nonce and
 * the hex SHA-256 of the body (of the empty string for a GET), one per line.
 */
export function openApiCanonical(parts: {
  method: string;
  pathWithQuery: string;
  timestamp: string | number;
  nonce: string;
  bodySha256Hex: string;
}): string {
  return [
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    String(parts.timestamp),
    parts.nonce,
    parts.bodySha256Hex,
  ].join('\n');
}

// ---- webhook deliveries ----

export const WebhookAttempt = named(
  'WebhookAttempt',
  Type.Object({
    id: Type.Integer(),
    /** The caller's time zone. */
    attemptTime: Type.String(),
    /** The receiver's HTTP status; null when no answer came (refused target, time-out, connection error). */
    statusCode: orNull(Type.Integer()),
    latencyMs: Type.Integer(),
    error: orNull(Type.String()),
    responseExcerpt: orNull(Type.String()),
  }),
);
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const listWebhookAttempts = defineOperation({
  operationId: 'listWebhookAttempts',
  method: 'GET',
  path: 'webhookDeliveries/:id/attempts',
  permission: PERMISSION.superAdmin,
  tags,
  summary: 'Each attempt of one webhook delivery: status, latency, the start of the answer',
  params: IdParams,
  response: Type.Array(WebhookAttempt),
});

export const RedeliverAnswer = named('RedeliverAnswer', Type.Object({ id: Type.Integer() }));

export const redeliverWebhook = defineOperation({
  operationId: 'redeliverWebhook',
  method: 'POST',
  path: 'webhookDeliveries/:id/redeliver',
  permission: PERMISSION.superAdmin,
  tags,
  summary: 'Send a delivery again now, with the same webhook-id (a new delivery in the log)',
  params: IdParams,
  response: RedeliverAnswer,
});
