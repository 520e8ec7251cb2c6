import Type, { type Static, type TSchema } from 'typebox';
import { AlarmMessage, GatewayDoor, GatewayFloor, StatusMessage } from '../gateway/protocol.js';

/**
 * The type number each live-channel frame carries (docs/gateway-protocol.md, "Live channel"): the console,
 * the CLI and the hub read them from here. 1, an alarm, is the one that lights the serial alarm light.
 */
export const LIVE_FRAME_TYPE = {
  alarm: 1,
  fault: 2,
  status: 3,
  workOrder: 4,
  gateway: 5,
  gatewayTest: 6,
  hazard: 7,
  ota: 8,
  otaBurn: 9,
} as const;
export type LiveFrameTypeName = keyof typeof LIVE_FRAME_TYPE;

const id = Type.Integer({ minimum: 1 });
const epochMs = Type.Integer({ minimum: 0 });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What a frame about an elevator's gateway says of where it comes from. */
const fromElevator = {
  dtu: Type.String({ minLength: 1 }),
  elevatorId: id,
  elevatorName: nullable(Type.String()),
};

/** Type 1: an alarm stored (a cleared alarm sends a work-order frame instead). */
export const AlarmFrameData = Type.Object({
  ...fromElevator,
  /** The alarm record. */
  id,
  type: AlarmMessage.properties.type,
  floor: nullable(GatewayFloor),
  alarmTime: epochMs,
});

/** Type 2: a fault stored. */
export const FaultFrameData = Type.Object({
  ...fromElevator,
  /** The fault record. */
  id,
  code: Type.String({ minLength: 1 }),
  floor: GatewayFloor,
  time: epochMs,
});

/** Type 3: the elevator's state as it was just stored. */
export const StatusFrameData = Type.Object({
  ...fromElevator,
  /** Null for an escalator or moving walk, which has no floor or door. */
  floor: nullable(GatewayFloor),
  direction: StatusMessage.properties.direction,
  door: nullable(GatewayDoor),
  run: StatusMessage.properties.run,
  flags: StatusMessage.properties.flags,
});

/**
 * Type 4: a work order opened, moved or recovered. An order opened by an alarm carries the alarm's type and
 * time; one a person moved carries the action and who took it.
 */
export const WorkOrderFrameData = Type.Object({
  /** The work order. */
  id,
  workOrderNo: nullable(Type.String()),
  recordState: Type.Integer({ minimum: 0 }),
  /** The gateway's DTU number the order came from (its device code). */
  dtu: nullable(Type.String()),
  elevatorId: id,
  elevatorName: nullable(Type.String()),
  type: Type.Optional(AlarmMessage.properties.type),
  alarmTime: Type.Optional(epochMs),
  action: Type.Optional(Type.String({ minLength: 1 })),
  by: Type.Optional(Type.String()),
});

/** Type 5: a gateway went offline (its reports stopped). */
export const GatewayFrameData = Type.Object({
  dtu: Type.String({ minLength: 1 }),
  online: Type.Boolean(),
  /** The elevator it is bound to, if any. */
  elevatorId: nullable(id),
});

/** Type 6: where a gateway test is; when a gateway's window just ended, which one and how it went. */
export const GatewayTestFrameData = Type.Object({
  /** The gateway test. */
  id,
  state: Type.Integer({ minimum: 0 }),
  passedCount: Type.Integer({ minimum: 0 }),
  failedCount: Type.Integer({ minimum: 0 }),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
  dtu: Type.Optional(Type.String({ minLength: 1 })),
  passed: Type.Optional(nullable(Type.Boolean())),
});

/**
 * Type 7: a safety hazard recorded (the hazard notice); an EOCD run over its threshold names the run, a potential
 * fault names itself.
 */
export const HazardFrameData = Type.Object({
  ...fromElevator,
  /** The hazard record. */
  id,
  code: Type.String({ minLength: 1 }),
  description: nullable(Type.String()),
  hazardTime: epochMs,
  runId: Type.Optional(id),
  /** A potential fault the scoring raised (jobs/potential-faults.ts). */
  potentialFaultId: Type.Optional(id),
});

/** Type 8: an OTA application applied for, approved or rejected: told to its applicant (and the approvers). */
export const OtaFrameData = Type.Object({
  /** The application. */
  id,
  programId: id,
  programName: nullable(Type.String()),
  applyNumber: Type.Integer({ minimum: 1 }),
  /** otaApprovalStatus: 1 applying, 2 approved, 3 rejected. */
  approvalStatus: Type.Integer({ minimum: 1, maximum: 3 }),
  action: Type.Union([Type.Literal('apply'), Type.Literal('approve'), Type.Literal('reject')]),
  /** Who took the step (username). */
  by: Type.String(),
  reason: Type.Optional(nullable(Type.String())),
  endTime: Type.Optional(nullable(epochMs)),
});

/** Type 9: where one gateway's OTA burn is. */
export const OtaBurnFrameData = Type.Object({
  /** The burn. */
  id,
  programId: id,
  dtu: Type.String({ minLength: 1 }),
  transferId: Type.String({ minLength: 1 }),
  /** otaBurnState: 0 waiting, 1 transferring, 2 burned, 3 failed. */
  state: Type.Integer({ minimum: 0, maximum: 3 }),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  error: Type.Optional(nullable(Type.String())),
});

/** Each frame type's payload. Readers tolerate fields they do not know (a newer server may add some). */
export const LIVE_FRAME_DATA = {
  alarm: AlarmFrameData,
  fault: FaultFrameData,
  status: StatusFrameData,
  workOrder: WorkOrderFrameData,
  gateway: GatewayFrameData,
  gatewayTest: GatewayTestFrameData,
  hazard: HazardFrameData,
  ota: OtaFrameData,
  otaBurn: OtaBurnFrameData,
} as const satisfies Record<LiveFrameTypeName, TSchema>;

export type AlarmFrameData = Static<typeof AlarmFrameData>;
export type FaultFrameData = Static<typeof FaultFrameData>;
export type StatusFrameData = Static<typeof StatusFrameData>;
export type WorkOrderFrameData = Static<typeof WorkOrderFrameData>;
export type GatewayFrameData = Static<typeof GatewayFrameData>;
export type GatewayTestFrameData = Static<typeof GatewayTestFrameData>;
export type HazardFrameData = Static<typeof HazardFrameData>;
export type OtaFrameData = Static<typeof OtaFrameData>;
export type OtaBurnFrameData = Static<typeof OtaBurnFrameData>;
/** The payload of one frame type. */
export type LiveFrameData<K extends LiveFrameTypeName> = Static<(typeof LIVE_FRAME_DATA)[K]>;

const frameSchema = <K extends LiveFrameTypeName>(event: K) =>
  Type.Object({
    type: Type.Literal(LIVE_FRAME_TYPE[event]),
    event: Type.Literal(event),
    data: LIVE_FRAME_DATA[event],
  });

/** A frame as it travels on the live channel: `{type, event, data}`, the type number matching the name. */
export const LiveFrameSchema = Type.Union([
  frameSchema('alarm'),
  frameSchema('fault'),
  frameSchema('status'),
  frameSchema('workOrder'),
  frameSchema('gateway'),
  frameSchema('gatewayTest'),
  frameSchema('hazard'),
  frameSchema('ota'),
  frameSchema('otaBurn'),
]);

/** A frame of the live channel as a console or the CLI receives it; narrow on `type` (or `event`). */
export type LiveFrame = Static<typeof LiveFrameSchema>;
/** The frame of one type. */
export type LiveFrameOf<K extends LiveFrameTypeName> = Extract<LiveFrame, { event: K }>;

/** What the platform pushes to consoles and CLIs over the live channel, with who may see it. */
export type LiveEvent = {
  [K in LiveFrameTypeName]: {
    type: K;
    tenantId: number;
    /** Organisations allowed to see it: the elevator's own and its related companies. */
    orgIds: number[];
    elevatorId: number | null;
    /** When set, only these users see it (an OTA notice to its applicant), within the scope above. */
    userIds?: number[];
    data: LiveFrameData<K>;
  };
}[LiveFrameTypeName];
