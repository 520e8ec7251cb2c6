import { randomInt } from 'node:crypto';
import { GLYPHS, type Point, type Stroke } from './glyphs.js';

/** One captcha as lines on a canvas: every digit's strokes and the noise, in canvas units. */
export interface Drawing {
  width: number;
  height: number;
  /** Each line with its pen width; digits and noise alike, in a random order. */
  lines: { points: Point[]; width: number }[];
}

/** A uniform random number in [min, max), from the crypto source (the answer must not be guessable). */
const between = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

/** Points along a quadratic curve from a through control c to b. */
function curve(a: Point, c: Point, b: Point, steps: number): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return [u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]];
  });
}

/** A stroke cut into more points than it has, at random places, so the count of points tells nothing. */
function resample(stroke: Stroke): Point[] {
  const out: Point[] = [stroke[0]!];
  for (let i = 1; i < stroke.length; i++) {
    const [ax, ay] = stroke[i - 1]!;
    const [bx, by] = stroke[i]!;
    const cuts = randomInt(1, 4);
    const ts = Array.from({ length: cuts - 1 }, () => between(0.05, 0.95)).sort((p, q) => p - q);
    for (const t of [...ts, 1]) out.push([ax + (bx - ax) * t, ay + (by - ay) * t]);
  }
  return out;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Draw an answer: each digit is turned, slanted, scaled and moved at random within its cell, every point
 * of it is nudged, and two noise curves of the same pen cross the whole. What comes out is geometry only;
 * the image and the terminal picture are both made from it (svg.ts, terminal.ts).
 */
export function draw(answer: string, width = 120, height = 40): Drawing {
  const cell = width / answer.length;
  const lines: Drawing['lines'] = [];
  [...answer].forEach((digit, i) => {
    const glyphHeight = height * between(0.62, 0.78);
    const glyphWidth = glyphHeight * between(0.5, 0.65);
    const angle = (between(-24, 24) * Math.PI) / 180;
    const slant = between(-0.3, 0.3);
    const cx = cell * (i + 0.5) + between(-cell * 0.12, cell * 0.12);
    const cy = height / 2 + between(-height * 0.08, height * 0.08);
    const place = ([x, y]: Point): Point => {
      const gx = (x - 0.5) * glyphWidth + (y - 0.5) * glyphHeight * slant;
      const gy = (y - 0.5) * glyphHeight;
      const nudge = glyphHeight * 0.025;
      return [
        cx + gx * Math.cos(angle) - gy * Math.sin(angle) + between(-nudge, nudge),
        cy + gx * Math.sin(angle) + gy * Math.cos(angle) + between(-nudge, nudge),
      ];
    };
    const pen = between(2.2, 3.2);
    for (const stroke of GLYPHS[digit]!) lines.push({ points: resample(stroke).map(place), width: pen });
  });
  for (let n = 0; n < 2; n++) {
    const from: Point = [between(0, width * 0.15), between(height * 0.1, height * 0.9)];
    const via: Point = [between(width * 0.3, width * 0.7), between(-height * 0.3, height * 1.3)];
    const to: Point = [between(width * 0.85, width), between(height * 0.1, height * 0.9)];
    lines.push({ points: curve(from, via, to, randomInt(10, 18)), width: between(0.9, 1.4) });
  }
  return { width, height, lines: shuffle(lines) };
}
