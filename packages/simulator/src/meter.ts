/** The electricity meter wired to a simulated lift's supply (docs/gateway-protocol.md `meter`). */
export interface MeterOptions {
  /** The meter gateway's code, as registered (meter gateway entity `code`). */
  gwSn: string;
  dbNo?: string;
  /** The register's reading when the simulation starts (kWh). */
  startKwh?: number;
  /** Report a reading every this many ticks (default 60: once a minute). */
  everyTicks?: number;
}

/** Standby draw (controller, lighting, fan) and running draw of a traction lift, in kW; an escalator runs on. */
const STANDBY_KW = 0.35;
const RUNNING_KW = 7.5;
const ESCALATOR_KW = 4;

/**
 * Cumulative energy of one lift: each simulated second adds the standby draw, and the running draw while the car
 * moves (an escalator draws its running power all the time), so consumption grows with the runs.
 */
export class SimulatedMeter {
  private kwh: number;
  private ticks = 0;
  private powerKw = STANDBY_KW;

  constructor(
    readonly opts: MeterOptions,
    private readonly escalator: boolean,
  ) {
    this.kwh = opts.startKwh ?? 0;
  }

  /** One second: what the lift drew; a reading to send when it is due, else null. */
  tick(running: boolean, random: () => number): Record<string, unknown> | null {
    this.powerKw = this.escalator ? ESCALATOR_KW : running ? RUNNING_KW : STANDBY_KW;
    this.kwh += this.powerKw / 3600;
    if (++this.ticks % (this.opts.everyTicks ?? 60) !== 0) return null;
    return this.reading(random);
  }

  reading(random: () => number): Record<string, unknown> {
    const voltage = Math.round((380 + (random() - 0.5) * 10) * 10) / 10;
    return {
      gwSn: this.opts.gwSn,
      ...(this.opts.dbNo ? { dbNo: this.opts.dbNo } : {}),
      kwh: Math.round(this.kwh * 1000) / 1000,
      voltage,
      power: Math.round(this.powerKw * 100) / 100,
      current: Math.round(((this.powerKw * 1000) / (voltage * 1.732)) * 100) / 100,
    };
  }

  /** The register restarts from zero (a replaced meter, a reset by the electrician). */
  reset(): void {
    this.kwh = 0;
  }
}
