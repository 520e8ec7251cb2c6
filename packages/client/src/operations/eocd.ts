import Type, { type Static } from 'typebox';
import { eocdRun, eocdSetting } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, named } from './components.js';
import { defineOperation } from './define.js';
import { ShareLinkAnswer, ShareLinkBody } from './share-links.js';

/** EOCD beyond its CRUD (entities/eocd.ts): a run's raw samples, and pushing collection settings to gateways. */
const tags = ['eocd'];

/** A run's raw samples as the gateway sent them (docs/gateway-protocol.md, kind vibration): read with unpackBytes. */
export const EocdRunSamples = named(
  'EocdRunSamples',
  Type.Object({
    runId: Type.Integer(),
    sampleRate: Type.Integer(),
    /** m/s² per count. */
    scale: Type.Number(),
    /** base64 of signed 16-bit little-endian x, y, z per instant. */
    samples: Type.String(),
    lowPassHz: Type.Number(),
  }),
);
export type EocdRunSamples = Static<typeof EocdRunSamples>;

export const getEocdRunSamples = defineOperation({
  operationId: 'getEocdRunSamples',
  method: 'GET',
  path: `${eocdRun.path}/:id/samples`,
  permission: eocdRun.permission.read,
  tags,
  summary: "A run's raw samples, while they are kept (404 eocd.samplesGone after EOCD_SAMPLE_RETENTION_DAYS)",
  params: IdParams,
  response: EocdRunSamples,
});

/** What became of the command sent to one covered elevator's gateway. */
export const EocdPushResult = named(
  'EocdPushResult',
  Type.Object({
    elevatorId: Type.Integer(),
    elevatorName: Type.Union([Type.String(), Type.Null()]),
    dtuCode: Type.Union([Type.String(), Type.Null()]),
    /** The command record (state executing until the gateway answers); null when nothing could be sent. */
    commandId: Type.Union([Type.Integer(), Type.Null()]),
    /** Why nothing was sent: no gateway, gateway offline. */
    error: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type EocdPushResult = Static<typeof EocdPushResult>;

export const pushEocdSettings = defineOperation({
  operationId: 'pushEocdSettings',
  method: 'POST',
  path: `${eocdSetting.path}/:id/push`,
  permission: eocdSetting.permission.write,
  tags,
  summary:
    'Send collection settings to the gateway of each elevator they cover (a writeParams command each; its record shows the answer)',
  params: IdParams,
  response: Type.Array(EocdPushResult),
});

// Strings on purpose, as the work-order links': a malformed id, signature or expiry gets the same 404 as a wrong one.
const PublicIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const PublicLinkQuery = Type.Object({
  sig: Type.Optional(Type.String({ maxLength: 100 })),
  exp: Type.Optional(Type.String({ maxLength: 20 })),
});

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const metric = orNull(Type.Number());

/** A run's metrics as its public page shows them: no internal ids but its own. */
export const PublicEocdRunMetrics = Type.Object({
  runTime: Type.String(),
  overLimit: Type.Boolean(),
  isoHorizontalPeakToPeak: metric,
  isoVerticalPeakToPeak: metric,
  isoHorizontalA95: metric,
  isoVerticalA95: metric,
  lowPassHorizontal: metric,
  lowPassVertical: metric,
  lowPassHz: metric,
});
export type PublicEocdRunMetrics = Static<typeof PublicEocdRunMetrics>;

/** /eocdOperate: one run behind a signed link, its metrics against its limits, and its raw samples while kept. */
export const PublicEocdRun = named(
  'PublicEocdRun',
  Type.Object({
    elevatorName: orNull(Type.String()),
    address: orNull(Type.String()),
    ...PublicEocdRunMetrics.properties,
    sampleRate: Type.Integer(),
    sampleCount: Type.Integer(),
    /** The threshold's limits the run was held to (m/s²), or null when none applied. */
    limits: orNull(
      Type.Object({
        isoHorizontalPeakToPeak: Type.Number(),
        isoVerticalPeakToPeak: Type.Number(),
        isoHorizontalA95: Type.Number(),
        isoVerticalA95: Type.Number(),
        lowPassHorizontal: Type.Number(),
        lowPassVertical: Type.Number(),
      }),
    ),
    /** As getEocdRunSamples answers, or null once the raw samples are no longer kept. */
    samples: orNull(Type.Object({ scale: Type.Number(), samples: Type.String() })),
    linkExpireTime: Type.String(),
  }),
);
export type PublicEocdRun = Static<typeof PublicEocdRun>;

/** /eocdPrivate: an elevator's ride quality behind a signed link, its latest runs (at most 50), newest first. */
export const PublicEocdElevator = named(
  'PublicEocdElevator',
  Type.Object({
    elevatorName: orNull(Type.String()),
    address: orNull(Type.String()),
    ratedSpeed: orNull(Type.Number()),
    runs: Type.Array(PublicEocdRunMetrics),
    linkExpireTime: Type.String(),
  }),
);
export type PublicEocdElevator = Static<typeof PublicEocdElevator>;

/** Minting a signed link to a run's public page (/eocdOperate): logged in, with the run's read permission. */
export const createEocdRunShareLink = defineOperation({
  operationId: 'createEocdRunShareLink',
  method: 'POST',
  path: `${eocdRun.path}/:id/shareLink`,
  permission: eocdRun.permission.read,
  tags,
  summary: "A signed link to the run's public page (/eocdOperate) that opens without a login until it expires",
  params: IdParams,
  body: ShareLinkBody,
  response: ShareLinkAnswer,
});

/** Minting a signed link to an elevator's public EOCD page (/eocdPrivate). */
export const createEocdElevatorShareLink = defineOperation({
  operationId: 'createEocdElevatorShareLink',
  method: 'POST',
  path: `${eocdRun.path}/elevators/:id/shareLink`,
  permission: eocdRun.permission.read,
  tags,
  summary: "A signed link to the elevator's public ride-quality page (/eocdPrivate) until it expires",
  params: IdParams,
  body: ShareLinkBody,
  response: ShareLinkAnswer,
});

/** Reading a run through its signed link, no login: any flaw in the link answers the same 404 `shareLink.invalid`. */
export const getSharedEocdRun = defineOperation({
  operationId: 'getSharedEocdRun',
  method: 'GET',
  path: `public/${eocdRun.path}/:id`,
  permission: PERMISSION.public,
  tags,
  summary: 'The run behind a signed link (no login): metrics, limits and raw samples while kept',
  params: PublicIdParams,
  query: PublicLinkQuery,
  response: PublicEocdRun,
});

/** Reading an elevator's ride quality through its signed link, no login; any flaw: the same 404. */
export const getSharedEocdElevator = defineOperation({
  operationId: 'getSharedEocdElevator',
  method: 'GET',
  path: `public/${eocdRun.path}/elevators/:id`,
  permission: PERMISSION.public,
  tags,
  summary: "The elevator behind a signed link (no login): its latest runs' ride-quality metrics",
  params: PublicIdParams,
  query: PublicLinkQuery,
  response: PublicEocdElevator,
});
