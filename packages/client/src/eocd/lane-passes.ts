/**
 * The fused passes (fused-passes.ts) run by the WebAssembly module of assembly/eocd-lanes.ts, two filter sections
 * at a time in SIMD lanes, with the same results bit for bit. The module is compiled once, on first use; where
 * WebAssembly or its SIMD is missing, `loadRun()` answers null and the metrics use the JavaScript passes.
 */
import { LANES_WASM } from './lanes-wasm.generated.js';

interface LaneExports {
  memory: WebAssembly.Memory;
  vertical(z: number, n: number, rest: number, k: number, iso: number, low: number, speed: number): number;
  horizontal(
    x: number,
    y: number,
    end: number,
    restX: number,
    restY: number,
    k: number,
    isoX: number,
    isoY: number,
    lowX: number,
    lowY: number,
  ): void;
  halfCycles(values: number, start: number, end: number, gain: number, out: number, pair: number): number;
}

/** An axis's two readings, by their byte offsets in the module's memory. */
export interface LaneReadings {
  iso: number;
  low: number;
}

const PAGE = 65536;
/** The coefficients at the head of the memory, as the module reads them: horizontal, vertical, speed filter. */
const HORIZONTAL = 0;
const VERTICAL = 88;
const SPEED = 216;
/** Where halfCycles() writes its largest pair. */
const PAIR = 248;
/** The head of the memory: the above, and the coefficient vectors the module lays out after them (to byte 592). */
const HEAD = 1024;
const align = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * Where a run of n samples lies in the memory: the three sample planes, six readings, the speeds and the peaks,
 * and 16 bytes before each reading (vertical() writes z's ISO reading's r(-2) and r(-1) there).
 */
function layout(n: number) {
  const samples = align(4 * n);
  const doubles = align(8 * n) + 16;
  const plane = (i: number) => HEAD + 3 * samples + i * doubles + 16;
  return {
    x: HEAD,
    y: HEAD + samples,
    z: HEAD + 2 * samples,
    readings: [
      { iso: plane(0), low: plane(1) },
      { iso: plane(2), low: plane(3) },
      { iso: plane(4), low: plane(5) },
    ] as const,
    speed: plane(6),
    peaks: plane(7),
    bytes: plane(8),
  };
}

/** One run's three axes loaded into the module's memory, and the passes over them. */
export class LaneRun {
  private readonly at: ReturnType<typeof layout>;

  constructor(
    private readonly module: LaneExports,
    private readonly n: number,
  ) {
    this.at = layout(n);
  }

  /**
   * z through the vertical cascade and the window's speed filter (fused-passes.ts, axisPass and speeds), over the
   * whole run; the speeds as a view, valid until the next run is loaded, and the top speed.
   */
  vertical(rest: number, vertical: Float64Array, speedFilter: Float64Array): { speed: Float64Array; top: number } {
    const { buffer } = this.module.memory;
    new Float64Array(buffer, VERTICAL, 16).set(vertical);
    new Float64Array(buffer, SPEED, 4).set(speedFilter);
    const { z, readings, speed } = this.at;
    const top = this.module.vertical(z, this.n, rest, 0, readings[2].iso, readings[2].low, speed);
    return { speed: new Float64Array(buffer, speed, this.n), top };
  }

  /** x and y through the horizontal cascade (fused-passes.ts, horizontalPass) over [0, end). */
  horizontal(restX: number, restY: number, horizontal: Float64Array, end: number): void {
    new Float64Array(this.module.memory.buffer, HORIZONTAL, 11).set(horizontal);
    const { x, y, readings } = this.at;
    const [rx, ry] = readings;
    this.module.horizontal(x, y, end, restX, restY, 0, rx.iso, ry.iso, rx.low, ry.low);
  }

  /** Axis 0 (x), 1 (y) or 2 (z)'s readings, as horizontal() and vertical() left them. */
  readings(axis: 0 | 1 | 2): LaneReadings {
    return this.at.readings[axis];
  }

  /**
   * The half-cycles of gain × a reading over [start, end) (fused-passes.ts, scanPeaks and scanMaxPair): their peaks
   * without the gain, as a view valid until the next call (the caller may reorder it), and the largest sum of two
   * adjacent ones times the gain.
   */
  halfCycles(reading: number, start: number, end: number, gain: number): { peaks: Float64Array; maxPair: number } {
    const { buffer } = this.module.memory;
    const count = this.module.halfCycles(reading, start, end, gain, this.at.peaks, PAIR);
    return { peaks: new Float64Array(buffer, this.at.peaks, count), maxPair: new Float64Array(buffer, PAIR, 1)[0]! };
  }
}

/** The compiled module, its instance's exports; null once it failed to load. */
let module: LaneExports | null | undefined;

function instantiate(): LaneExports | null {
  try {
    const bytes = Uint8Array.from(atob(LANES_WASM), (c) => c.charCodeAt(0));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
    return instance.exports as unknown as LaneExports;
  } catch {
    // no WebAssembly, or no SIMD in it
    return null;
  }
}

/** Whether the SIMD passes run here (WebAssembly with SIMD). */
export function lanesAvailable(): boolean {
  if (module === undefined) module = instantiate();
  return module !== null;
}

/** Loads a run's three axes (each n samples) into the module's memory; null where the module does not run. */
export function loadRun(x: Float32Array, y: Float32Array, z: Float32Array): LaneRun | null {
  if (!lanesAvailable()) return null;
  const lanes = module!;
  const at = layout(z.length);
  const have = lanes.memory.buffer.byteLength;
  if (at.bytes > have) lanes.memory.grow(Math.ceil((at.bytes - have) / PAGE));
  const f32 = new Float32Array(lanes.memory.buffer);
  f32.set(x, at.x / 4);
  f32.set(y, at.y / 4);
  f32.set(z, at.z / 4);
  return new LaneRun(lanes, z.length);
}

/**
 * The half-cycle scan of LaneRun.halfCycles over any values (copied into the module's memory): peaks (a copy) and
 * largest pair; null where the module does not run.
 */
export function halfCyclesOf(values: Float64Array, start: number, end: number, gain: number) {
  const zeros = new Float32Array(values.length);
  const run = loadRun(zeros, zeros, zeros);
  if (!run) return null;
  const { iso } = run.readings(0);
  new Float64Array(module!.memory.buffer, iso, values.length).set(values);
  const { peaks, maxPair } = run.halfCycles(iso, start, end, gain);
  return { peaks: Float64Array.from(peaks), maxPair };
}
