/**
 * Realistic car vibration of one run (EOCD), for the simulated gateways and the tests: at rest, a jerk-limited
 * acceleration, constant speed, deceleration, at rest again; gravity on z; sensor noise and the guide rails' slight
 * sway. On request a fault that crosses the thresholds of the demo:
 * - wornRail: a horizontal knock at every rail joint (each 5 m of travel), a 2 Hz swing dying out (ISO horizontal);
 * - looseDoor: the car door rattling side to side at 7 Hz while the car moves (low-pass horizontal).
 */
export type RideFault = 'none' | 'wornRail' | 'looseDoor';
export const RIDE_FAULTS: readonly RideFault[] = ['none', 'wornRail', 'looseDoor'];

export interface RideOptions {
  /** Samples a second (Hz). */
  rate?: number;
  /** Travel (m): a floor is about 3 m. */
  distance?: number;
  ratedSpeed?: number;
  /** Acceleration (m/s²) and the time its ramps take (s). */
  acceleration?: number;
  rampSeconds?: number;
  fault?: RideFault;
  random?: () => number;
}

export interface Ride {
  rate: number;
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  seconds: number;
}

const G = 9.81;
const REST_S = 1;
const RAIL_JOINT_M = 5;

/** A normal random number (Box-Muller). */
const gauss = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Smooth 0→1 over a ramp (raised cosine). */
const ramp = (t: number, len: number) => (t <= 0 ? 0 : t >= len ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * t) / len));

export function simulateRide(opts: RideOptions = {}): Ride {
  const rate = opts.rate ?? 256;
  const random = opts.random ?? Math.random;
  const vMax = opts.ratedSpeed ?? 1.75;
  const aMax = opts.acceleration ?? 0.8;
  const rampS = opts.rampSeconds ?? 0.8;
  const distance = Math.max(opts.distance ?? 30, 3);
  // accelerate: ramp up, hold, ramp down; speed gained = aMax * (hold + rampS)
  const accelHold = Math.max(0, vMax / aMax - rampS);
  const accelS = accelHold + 2 * rampS;
  const accelDistance = vMax * (accelS / 2);
  const cruiseS = Math.max(0.5, (distance - 2 * accelDistance) / vMax);
  const seconds = REST_S + accelS + cruiseS + accelS + REST_S;
  const n = Math.round(seconds * rate);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Float32Array(n);
  const accelAt = (t: number) => aMax * (ramp(t, rampS) - ramp(t - rampS - accelHold, rampS));
  const t1 = REST_S;
  const t2 = t1 + accelS + cruiseS;
  const phase = random() * 2 * Math.PI;
  let v = 0;
  let travelled = 0;
  let lastJoint = 0;
  let knockAt = -10;
  let knockSign = 1;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const a = t < t2 ? accelAt(t - t1) : -accelAt(t - t2);
    v += a / rate;
    travelled += Math.max(0, v) / rate;
    const moving = v > 0.05;
    // sensor noise and the rails' slow sway
    let ax = 0.006 * gauss(random) + (moving ? 0.012 * Math.sin(2 * Math.PI * 1.3 * t + phase) : 0);
    let ay = 0.006 * gauss(random) + (moving ? 0.01 * Math.sin(2 * Math.PI * 1.7 * t + 2 * phase) : 0);
    let az = G + a + 0.008 * gauss(random) + (moving ? 0.01 * Math.sin(2 * Math.PI * 5 * t + phase) : 0);
    if (opts.fault === 'wornRail') {
      if (moving && travelled - lastJoint >= RAIL_JOINT_M) {
        lastJoint = travelled;
        knockAt = t;
        knockSign = -knockSign;
      }
      const since = t - knockAt;
      if (since >= 0 && since < 2) {
        const swing = knockSign * 0.35 * Math.exp(-1.5 * since) * Math.sin(2 * Math.PI * 2 * since);
        ax += swing;
        ay += 0.6 * swing;
      }
    }
    if (opts.fault === 'looseDoor' && moving) {
      ay += 0.3 * Math.sin(2 * Math.PI * 7 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.5 * t));
      az += 0.05 * Math.sin(2 * Math.PI * 7 * t);
    }
    x[i] = ax;
    y[i] = ay;
    z[i] = az;
  }
  return { rate, x, y, z, seconds };
}
