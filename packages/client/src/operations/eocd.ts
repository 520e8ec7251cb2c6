import Type, { type Static } from 'typebox';
import { eocdRun, eocdSetting } from '../entities/index.js';
import { IdParams, named } from './components.js';
import { defineOperation } from './define.js';

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
