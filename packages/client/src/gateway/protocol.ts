import Type, { type Static } from 'typebox';

/**
 * The gateway link (docs/gateway-protocol.md): gateways publish JSON on lc/{dtu}/up/{kind} and listen on
 * lc/{dtu}/down/command. One definition here serves the server's ingest, the simulator and the CLI.
 */
export const TOPIC_ROOT = 'lc';
export const UP_KINDS = ['status', 'fault', 'alarm', 'event', 'heartbeat', 'reply', 'vibration', 'meter'] as const;
export type UpKind = (typeof UP_KINDS)[number];

export const upTopic = (dtu: string, kind: UpKind) => `${TOPIC_ROOT}/${dtu}/up/${kind}`;
export const commandTopic = (dtu: string) => `${TOPIC_ROOT}/${dtu}/down/command`;
/** The subscription ingest uses; with an external broker it is shared ($share/liftcloud/…) across instances. */
export const UP_WILDCARD = `${TOPIC_ROOT}/+/up/+`;

/** Parse lc/{dtu}/up/{kind}; null for any other topic. */
export function parseUpTopic(topic: string): { dtu: string; kind: UpKind } | null {
  const m = /^lc\/(\d{11})\/up\/([a-z]+)$/.exec(topic);
  if (!m || !(UP_KINDS as readonly string[]).includes(m[2]!)) return null;
  return { dtu: m[1]!, kind: m[2] as UpKind };
}

/** Payloads larger than this are counted and dropped. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;
/** A vibration run carries its raw samples: its payload may be this large (about 170 s at 256 Hz). */
export const MAX_VIBRATION_PAYLOAD_BYTES = 256 * 1024;
/** The largest payload a kind may have. */
export const payloadLimit = (kind: UpKind): number =>
  kind === 'vibration' ? MAX_VIBRATION_PAYLOAD_BYTES : MAX_PAYLOAD_BYTES;
/** Sample rates a vibration run may have (Hz). */
export const VIBRATION_RATE = { min: 16, max: 2048 } as const;

const base = {
  /** Unique per gateway: a message sent twice (QoS 1 redelivery) is stored once. */
  id: Type.String({ minLength: 1, maxLength: 64 }),
  /** When the gateway saw it, epoch milliseconds. */
  ts: Type.Integer({ minimum: 0 }),
};
/** A floor as a gateway reports it. */
export const GatewayFloor = Type.Integer({ minimum: -10, maximum: 64 });
const floor = GatewayFloor;
/** 0 closed, 1 open, 2 opening, 3 closing. */
export const GatewayDoor = Type.Integer({ enum: [0, 1, 2, 3] });

export const StatusMessage = Type.Object({
  ...base,
  /** Where the car is; an escalator or moving walk has no floor (and no door) to report. */
  floor: Type.Optional(floor),
  /** 0 stopped, 1 up, 2 down. */
  direction: Type.Integer({ enum: [0, 1, 2] }),
  door: Type.Optional(GatewayDoor),
  /** 0 stopped, 1 running. */
  run: Type.Integer({ enum: [0, 1] }),
  /** Runtime status codes in force (enums.runtimeStatus: fire return … lock). */
  flags: Type.Array(Type.Integer({ minimum: 1, maximum: 11 }), { maxItems: 11 }),
});

export const FaultMessage = Type.Object({
  ...base,
  code: Type.String({ minLength: 1, maxLength: 16 }),
  /** The fault floor code (MC). */
  floorCode: Type.String({ maxLength: 10 }),
  floor,
  mainBoardTime: Type.Optional(Type.Integer({ minimum: 0 })),
  hex: Type.Optional(Type.String({ maxLength: 200 })),
  /** A safety hazard code, when the fault is one. */
  hazardCode: Type.Optional(Type.String({ maxLength: 16 })),
  /** The fault's type as the controller names it (door, drive, safety circuit…). */
  faultType: Type.Optional(Type.String({ maxLength: 20 })),
});

export const AlarmMessage = Type.Object({
  ...base,
  /** 0 not available, 1 people trapped, 2 alarm bell, 3 serious fault (enums.alarmType). */
  type: Type.Integer({ enum: [0, 1, 2, 3] }),
  floor: Type.Optional(floor),
  /** The elevator recovered by itself: the open order of this alarm moves to recovered. */
  cleared: Type.Optional(Type.Boolean()),
});

export const EVENT_KINDS = ['powerDown', 'powerRestore', 'alarmBell', 'call', 'run', 'hazard', 'liftCall'] as const;

const eventFields = Type.Object({
  ...base,
  kind: Type.String({ enum: [...EVENT_KINDS] }),
  /** call: how long, who called, who answered, which number, and where the recording is (a URL or file name). */
  durationSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  originator: Type.Optional(Type.String({ maxLength: 50 })),
  connector: Type.Optional(Type.String({ maxLength: 50 })),
  audio: Type.Optional(Type.String({ maxLength: 500 })),
  /**
   * liftCall: a person called the lift from the app or a hall QR code: who (username, mobile), how (operationType
   * 1 hall call, 2 car call, 3 destination call: enums.liftCallOperation, required) and the floors (startFloor where
   * they called from, endFloor where to).
   */
  username: Type.Optional(Type.String({ maxLength: 50 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  operationType: Type.Optional(Type.Integer({ enum: [1, 2, 3] })),
  /** hazard: the safety hazard's code (required) and description. */
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  startFloor: Type.Optional(floor),
  endFloor: Type.Optional(floor),
  distance: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  maxSpeed: Type.Optional(Type.Number({ minimum: 0, maximum: 30 })),
  acceleration: Type.Optional(Type.Number({ minimum: -20, maximum: 20 })),
  jerk: Type.Optional(Type.Number({ minimum: -100, maximum: 100 })),
});
/** A hazard event without its code, or a liftCall without its operation type, does not match the protocol. */
export const EventMessage = {
  ...eventFields,
  allOf: [
    { if: { properties: { kind: { const: 'hazard' } } }, then: { required: ['code'] } },
    { if: { properties: { kind: { const: 'liftCall' } } }, then: { required: ['operationType'] } },
  ],
} as typeof eventFields;

export const HeartbeatMessage = Type.Object({
  ...base,
  signal: Type.Optional(Type.Integer({ minimum: -150, maximum: 100 })),
  temperature: Type.Optional(Type.Number({ minimum: -60, maximum: 150 })),
  softVer: Type.Optional(Type.String({ maxLength: 30 })),
  /** The intercom is in a call now. */
  inCall: Type.Optional(Type.Boolean()),
});

export const ReplyMessage = Type.Object({
  ...base,
  commandId: Type.Integer({ minimum: 1 }),
  state: Type.String({ enum: ['success', 'error'] }),
  value: Type.Optional(Type.String({ maxLength: 2000 })),
});

/**
 * One elevator run's car vibration (EOCD): three axes sampled at `rate` Hz, packed as signed 16-bit little-endian
 * integers interleaved x, y, z (6 bytes an instant) and base64-encoded; `scale` m/s² per count. x and y are
 * horizontal (x: front to back, y: side to side), z vertical (gravity included). eocd/samples.ts packs and reads it.
 */
export const VibrationMessage = Type.Object({
  ...base,
  rate: Type.Integer({ minimum: VIBRATION_RATE.min, maximum: VIBRATION_RATE.max }),
  scale: Type.Number({ exclusiveMinimum: 0, maximum: 0.1 }),
  samples: Type.String({ minLength: 8, maxLength: MAX_VIBRATION_PAYLOAD_BYTES, pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
  startFloor: Type.Optional(floor),
  endFloor: Type.Optional(floor),
});

/**
 * An electricity meter's reading, forwarded by the elevator's gateway from the meter gateway wired to the lift's
 * supply: the meter gateway's code (`gwSn`, the meter gateway entity's code), the meter's number on its bus
 * (`dbNo`) and its cumulative energy register (`kwh`); a smaller `kwh` than the meter's last reading is a reset.
 */
export const MeterMessage = Type.Object({
  ...base,
  gwSn: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' }),
  dbNo: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  kwh: Type.Number({ minimum: 0, maximum: 1e9 }),
  /** What the meter measured at `ts`: volts, amperes, kilowatts. */
  voltage: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  current: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  power: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
});

export const UP_SCHEMAS = {
  status: StatusMessage,
  fault: FaultMessage,
  alarm: AlarmMessage,
  event: EventMessage,
  heartbeat: HeartbeatMessage,
  reply: ReplyMessage,
  vibration: VibrationMessage,
  meter: MeterMessage,
} as const;

export type StatusMessage = Static<typeof StatusMessage>;
export type FaultMessage = Static<typeof FaultMessage>;
export type AlarmMessage = Static<typeof AlarmMessage>;
export type EventMessage = Static<typeof EventMessage>;
export type HeartbeatMessage = Static<typeof HeartbeatMessage>;
export type ReplyMessage = Static<typeof ReplyMessage>;
export type VibrationMessage = Static<typeof VibrationMessage>;
export type MeterMessage = Static<typeof MeterMessage>;

/** A command down to a gateway: read or write parameters, or reset a fault. */
/** What a command asks a gateway to do. */
export const COMMAND_ACTIONS = ['readParams', 'writeParams', 'faultReset'] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];

export const CommandMessage = Type.Object({
  commandId: Type.Integer({ minimum: 1 }),
  action: Type.Unsafe<CommandAction>(Type.String({ enum: [...COMMAND_ACTIONS] })),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type CommandMessage = Static<typeof CommandMessage>;
