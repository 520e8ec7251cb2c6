import { CommandMessage, checkSchema, commandTopic, packSamples, upTopic, type UpKind } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { SimulatedMeter, type MeterOptions } from './meter.js';
import { OtaReceiver, type OtaFaults } from './ota.js';
import { simulateRide, type RideFault } from './vibration.js';

export interface SimulatedGatewayOptions {
  mqttUrl: string;
  dtu: string;
  secret: string;
  floors: number;
  /** Per tick (1 s): chance of a fault, of a trapped-passenger alarm. */
  faultChance: number;
  trappedChance: number;
  /** Per tick: chance of an alarm-bell alarm (type 2) that is answered and cleared after a while (default 0). */
  bellChance?: number;
  /**
   * An escalator or moving walk: it runs in one direction, reports no floor or door, has no car to trap anyone
   * in or ring a bell from, and sends no run events.
   */
  escalator?: boolean;
  /** Per tick at a landing: chance the lift stays idle there (default 0: it leaves at once). */
  idleChance?: number;
  /**
   * Report the state only when it changed, and at least every `statusEveryTicks` ticks (default 1: every tick).
   * A fleet of dozens stays light this way.
   */
  statusEveryTicks?: number;
  /** Per tick: chance of an intercom call (default 0.002), of a hazard reported on its own (default 0.0005). */
  callChance?: number;
  hazardChance?: number;
  /** Share of faults that carry a hazard code (default 0.25). */
  hazardShare?: number;
  /** Random numbers, injectable so tests can replay a run. */
  random?: () => number;
  /**
   * EOCD: upload a run's vibration every `everyRuns` runs (0: only on request, vibrationRun()), at `rate` Hz
   * (default 256; an eocd.frequency setting pushed to it changes it), with a fault that crosses thresholds.
   */
  vibration?: { everyRuns: number; rate?: number; fault?: RideFault };
  /** OTA transfers: fail part-way, corrupt a chunk or drop the connection mid-transfer (ota.ts). */
  ota?: OtaFaults;
  /** How long after a lost connection it reconnects (default 2 s). */
  reconnectMs?: number;
  /** The lift's electricity meter, whose readings this gateway forwards (`meter` messages, meter.ts). */
  meter?: MeterOptions;
}

/** m/s² per count of the packed samples the simulated gateways send. */
export const SIM_SAMPLE_SCALE = 0.001;

/** Hazard codes the simulated gateways report, with what a real gateway would say about them. */
const HAZARDS: [string, string][] = [
  ['H01', 'Door lock contact bridged'],
  ['H02', 'Brake wear near its limit'],
  ['H03', 'Levelling error above 20 mm'],
  ['H04', 'Safety circuit opened while running'],
];
/** Who presses the intercom button; the duty room answers. */
const CALLERS = ['Passenger', 'Maintenance worker'];

/**
 * One elevator's gateway: it moves between floors (one floor per tick, door open two ticks at a stop),
 * reports its state every tick, a heartbeat every 10 ticks, now and then a fault (some revealing a safety
 * hazard), an intercom call or a hazard, and rarely a trapped passenger that clears itself after a while.
 */
export class SimulatedGateway {
  private client: MqttClient | null = null;
  private floor = 1;
  private target = 1;
  private doorTicks = 0;
  private tick = 0;
  private seq = 0;
  private trappedFor = 0;
  private bellFor = 0;
  /** Seconds left of an intercom call: the heartbeat says the gateway is in a call meanwhile. */
  private callFor = 0;
  private runFrom = 1;
  private lastStatus = '';
  private lastStatusTick = 0;
  /** An escalator's direction: 1 up, 2 down. */
  private readonly travel: 1 | 2;
  private readonly random: () => number;
  private runs = 0;
  sent = 0;
  /** Parameters written to it by commands (writeParams), as a real gateway keeps them. */
  readonly params: Record<string, string> = {};
  /** Commands received, newest last. */
  readonly commands: CommandMessage[] = [];
  /** Takes firmware transfers (docs/gateway-protocol.md "OTA transfer"). */
  readonly ota: OtaReceiver;
  /** The lift's electricity meter, when it has one. */
  readonly meter: SimulatedMeter | null;

  constructor(private readonly opts: SimulatedGatewayOptions) {
    this.random = opts.random ?? Math.random;
    this.travel = this.random() < 0.5 ? 1 : 2;
    this.meter = opts.meter ? new SimulatedMeter(opts.meter, opts.escalator === true) : null;
    this.ota = new OtaReceiver(opts.dtu, opts.ota ?? {}, {
      publish: async (topic, payload) => {
        await this.client?.publishAsync(topic, payload, { qos: 1 });
      },
      drop: () => this.client?.stream.destroy(),
    });
  }

  async connect(mqttUrl = this.opts.mqttUrl): Promise<void> {
    const client = await mqtt.connectAsync(mqttUrl, {
      username: this.opts.dtu,
      password: this.opts.secret,
      clientId: `sim-${this.opts.dtu}`,
      reconnectPeriod: this.opts.reconnectMs ?? 2000,
    });
    this.client = client;
    client.on('message', (topic, payload) => {
      if (topic === commandTopic(this.opts.dtu)) void this.onCommand(payload).catch(() => undefined);
      else void this.ota.onMessage(payload).catch(() => undefined);
    });
    await client.subscribeAsync([commandTopic(this.opts.dtu), this.ota.topic], { qos: 1 });
    // back after a lost connection (mqtt.js subscribed again first): ask to resume a transfer cut short
    client.on('connect', () => void this.ota.reconnected().catch(() => undefined));
    await this.ota.reconnected();
  }

  /** Leave this broker at once and log in at another (its instance died): a transfer cut short asks to resume there. */
  async moveTo(mqttUrl: string): Promise<void> {
    const old = this.client;
    this.client = null;
    await old?.endAsync(true);
    await this.connect(mqttUrl);
  }

  /** A command from the platform: parameters read or written, a fault reset; answered with a reply. */
  private async onCommand(payload: Buffer): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (checkSchema(CommandMessage, message).length) return;
    const command = message as CommandMessage;
    this.commands.push(command);
    if (command.action === 'writeParams') Object.assign(this.params, command.params ?? {});
    const value =
      command.action === 'faultReset'
        ? 'reset'
        : JSON.stringify(command.action === 'readParams' ? this.params : (command.params ?? {}));
    await this.publish('reply', { commandId: command.commandId, state: 'success', value: value.slice(0, 2000) });
  }

  /** Upload one run's vibration now (distance in m), with a fault if asked. */
  async vibrationRun(opts: { distance?: number; fault?: RideFault; startFloor?: number; endFloor?: number } = {}) {
    const rate = Number(this.params['eocd.frequency'] ?? this.opts.vibration?.rate ?? 256);
    const ride = simulateRide({
      rate,
      distance: opts.distance ?? 30,
      fault: opts.fault ?? this.opts.vibration?.fault ?? 'none',
      random: this.random,
    });
    await this.publish('vibration', {
      rate,
      scale: SIM_SAMPLE_SCALE,
      samples: packSamples(ride, SIM_SAMPLE_SCALE),
      ...(opts.startFloor !== undefined ? { startFloor: opts.startFloor } : {}),
      ...(opts.endFloor !== undefined ? { endFloor: opts.endFloor } : {}),
    });
  }

  async publish(kind: UpKind, body: Record<string, unknown>): Promise<void> {
    if (!this.client) return;
    const payload = JSON.stringify({ id: `${this.opts.dtu}-${Date.now()}-${this.seq++}`, ts: Date.now(), ...body });
    await this.client.publishAsync(upTopic(this.opts.dtu, kind), payload, { qos: 1 });
    this.sent++;
  }

  /** One second of the elevator's life. */
  async step(): Promise<void> {
    this.tick++;
    if (this.tick % 10 === 1)
      await this.publish('heartbeat', {
        signal: -60 - Math.round(this.random() * 30),
        temperature: 30 + Math.round(this.random() * 10),
      });
    if (this.opts.escalator) return this.escalatorStep();
    if (this.trappedFor > 0) {
      this.trappedFor--;
      if (this.trappedFor === 0) await this.publish('alarm', { type: 1, floor: this.floor, cleared: true });
      return this.status({ floor: this.floor, direction: 0, door: 0, run: 0, flags: [10] });
    }
    if (this.random() < this.opts.trappedChance) {
      this.trappedFor = 30 + Math.round(this.random() * 60);
      return this.publish('alarm', { type: 1, floor: this.floor });
    }
    if (this.bellFor > 0 && --this.bellFor === 0)
      await this.publish('alarm', { type: 2, floor: this.floor, cleared: true });
    else if (this.bellFor === 0 && this.random() < (this.opts.bellChance ?? 0)) {
      // someone rings the car's alarm bell; the duty room answers and it is cleared a minute or two later
      this.bellFor = 60 + Math.round(this.random() * 60);
      await this.publish('alarm', { type: 2, floor: this.floor });
      await this.publish('event', { kind: 'alarmBell' });
    }
    if (this.random() < this.opts.faultChance) await this.fault(this.floor);
    if (this.callFor > 0 && --this.callFor === 0) await this.publish('heartbeat', { inCall: false });
    else if (this.callFor === 0 && this.random() < (this.opts.callChance ?? 0.002)) await this.call();
    if (this.random() < (this.opts.hazardChance ?? 0.0005)) {
      const [code, description] = this.pick(HAZARDS);
      await this.publish('event', { kind: 'hazard', code, description });
    }
    let direction = 0;
    let door = 0;
    if (this.doorTicks > 0) {
      this.doorTicks--;
      door = 1;
    } else if (this.floor === this.target) {
      if (this.random() >= (this.opts.idleChance ?? 0)) {
        this.target = 1 + Math.floor(this.random() * this.opts.floors);
        if (this.target !== this.floor) {
          this.doorTicks = 2;
          this.runFrom = this.floor;
        }
      }
    } else {
      direction = this.target > this.floor ? 1 : 2;
      this.floor += direction === 1 ? 1 : -1;
      if (this.floor === this.target) {
        const floors = Math.abs(this.floor - this.runFrom);
        await this.publish('event', {
          kind: 'run',
          startFloor: this.runFrom,
          endFloor: this.floor,
          distance: Math.round(floors * 32) / 10,
          maxSpeed: Math.min(1.75, Math.round((0.6 + floors * 0.35) * 100) / 100),
          acceleration: Math.round((0.6 + this.random() * 0.4) * 100) / 100,
          jerk: Math.round((0.9 + this.random() * 0.6) * 100) / 100,
        });
        this.doorTicks = 2;
        const every = this.opts.vibration?.everyRuns ?? 0;
        if (every > 0 && ++this.runs % every === 0) await this.vibrationRun({ distance: 30 });
      }
    }
    await this.status({ floor: this.floor, direction, door, run: direction ? 1 : 0, flags: [] });
  }

  /** An escalator's second: it runs on (or stands after a fault) and reports neither floor nor door. */
  private async escalatorStep(): Promise<void> {
    if (this.random() < this.opts.faultChance) await this.fault(1);
    return this.status({ direction: this.travel, run: 1, flags: [] });
  }

  private async fault(floor: number): Promise<void> {
    const hazard = this.random() < (this.opts.hazardShare ?? 0.25) ? this.pick(HAZARDS)[0] : undefined;
    await this.publish('fault', {
      code: `E${(this.opts.escalator ? 50 : 10) + Math.floor(this.random() * (this.opts.escalator ? 10 : 40))}`,
      floorCode: String(floor).padStart(2, '0'),
      floor,
      faultType: this.opts.escalator ? 'Drive' : this.pick(['Door', 'Drive', 'Safety circuit', 'Levelling']),
      ...(hazard && !this.opts.escalator ? { hazardCode: hazard } : {}),
    });
  }

  /** The meter's reading now (tests, and a gateway asked for one). */
  async meterReading(): Promise<void> {
    if (this.meter) await this.publish('meter', this.meter.reading(this.random));
  }

  /** The state, sent when it changed or when the last report is `statusEveryTicks` ticks old. */
  private async status(state: Record<string, unknown>): Promise<void> {
    const reading = this.meter?.tick(state.run === 1, this.random);
    if (reading) await this.publish('meter', reading);
    const key = JSON.stringify(state);
    if (key === this.lastStatus && this.tick - this.lastStatusTick < (this.opts.statusEveryTicks ?? 1)) return;
    this.lastStatus = key;
    this.lastStatusTick = this.tick;
    await this.publish('status', state);
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length) % list.length]!;
  }

  /** A call on the intercom, answered by the duty room; the recording is named, not uploaded. */
  private async call(): Promise<void> {
    const seconds = 5 + Math.round(this.random() * 120);
    this.callFor = seconds;
    await this.publish('heartbeat', { inCall: true });
    await this.publish('event', {
      kind: 'call',
      durationSeconds: seconds,
      originator: this.pick(CALLERS),
      connector: 'Duty room',
      phone: `1380000${String(Math.floor(this.random() * 10_000)).padStart(4, '0')}`,
      audio: `calls/${this.opts.dtu}-${Date.now()}.mp3`,
    });
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = null;
  }
}

/** Many gateways stepping once a second; returns a stop function. */
export async function runFleet(
  gateways: SimulatedGateway[],
  tickMs = 1000,
): Promise<{ stop: () => Promise<void>; sent: () => number }> {
  await Promise.all(gateways.map((g) => g.connect()));
  let running = true;
  const loop = async () => {
    while (running) {
      const started = Date.now();
      await Promise.all(gateways.map((g) => g.step().catch(() => undefined)));
      await new Promise((r) => setTimeout(r, Math.max(0, tickMs - (Date.now() - started))));
    }
  };
  const done = loop();
  return {
    sent: () => gateways.reduce((n, g) => n + g.sent, 0),
    stop: async () => {
      running = false;
      await done;
      await Promise.all(gateways.map((g) => g.close()));
    },
  };
}
