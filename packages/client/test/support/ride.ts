/** A seeded random number generator (Park–Miller): the same rides on every run. */
export function seeded(seed: number): () => number {
  return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
}

/**
 * A ride sampled at `rate` Hz: 1 s standing, 2 s accelerating, `cruise` s at speed, 2 s braking, 1 s standing;
 * vibration of `shake` m/s² and noise. `n` cuts (or pads with standing) it to that many samples.
 */
export function ride(
  rate: number,
  cruise: number,
  shake: number,
  random: () => number,
  n = Math.round((6 + cruise) * rate),
) {
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const a = t >= 1 && t < 3 ? 0.8 : t >= 3 + cruise && t < 5 + cruise ? -0.8 : 0;
    x[i] = shake * Math.sin(2 * Math.PI * 3.1 * t) + 0.05 * (random() - 0.5);
    y[i] = 0.4 * shake * Math.sin(2 * Math.PI * 7.3 * t + 1) + 0.05 * (random() - 0.5);
    z[i] = 9.81 + a + 0.3 * shake * Math.sin(2 * Math.PI * 11 * t) + 0.08 * (random() - 0.5);
  }
  return { x, y, z };
}
