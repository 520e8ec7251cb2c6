/**
 * A run's raw samples as the gateway sends them (docs/gateway-protocol.md, kind `vibration`): signed 16-bit
 * little-endian integers, interleaved x, y, z per instant, base64 in the JSON message; `scale` turns a count into
 * m/s². Works in the browser and in Node (no Buffer).
 */
export interface RunSamples {
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  const chunk: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    chunk.push(
      B64[a >> 2]! +
        B64[((a & 3) << 4) | (b >> 4)]! +
        (i + 1 < bytes.length ? B64[((b & 15) << 2) | (c >> 6)]! : '=') +
        (i + 2 < bytes.length ? B64[c & 63]! : '='),
    );
    if (chunk.length === 4096) {
      out += chunk.join('');
      chunk.length = 0;
    }
  }
  return out + chunk.join('');
}

/** The bytes of a base64 text; null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const q = [0, 1, 2, 3].map((k) => {
      const ch = text.charCodeAt(i + k);
      if (ch === 61 && i + k >= text.length - pad) return 0;
      return ch < 128 ? LOOKUP[ch]! : -1;
    });
    if (q.some((v) => v < 0)) return null;
    const n = (q[0]! << 18) | (q[1]! << 12) | (q[2]! << 6) | q[3]!;
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** Three axes (m/s²) as the protocol's packed text at `scale` m/s² per count (values clamped to 16 bits). */
export function packSamples(
  axes: { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> },
  scale: number,
): string {
  const n = axes.x.length;
  const bytes = new Uint8Array(n * 6);
  const view = new DataView(bytes.buffer);
  const q = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v / scale)));
  for (let i = 0; i < n; i++) {
    view.setInt16(i * 6, q(axes.x[i]!), true);
    view.setInt16(i * 6 + 2, q(axes.y[i]!), true);
    view.setInt16(i * 6 + 4, q(axes.z[i]!), true);
  }
  return bytesToBase64(bytes);
}

/** The packed bytes (6 per instant) as three axes in m/s². */
export function unpackBytes(bytes: Uint8Array, scale: number): RunSamples {
  const n = Math.floor(bytes.length / 6);
  const view = new DataView(bytes.buffer, bytes.byteOffset, n * 6);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = view.getInt16(i * 6, true) * scale;
    y[i] = view.getInt16(i * 6 + 2, true) * scale;
    z[i] = view.getInt16(i * 6 + 4, true) * scale;
  }
  return { x, y, z };
}
