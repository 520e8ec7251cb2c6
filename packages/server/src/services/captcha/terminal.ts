import type { Point } from './glyphs.js';
import type { Drawing } from './draw.js';

/** Distance from p to the segment a-b. */
function toSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The same drawing for a terminal: rasterised at `columns` pixels across (square pixels, two per character
 * row with half-block characters), so `liftctl login` shows the captcha the console shows, distortions and
 * noise included. Lines keep their relative pen widths, with a floor so a thin line stays visible.
 */
export function toTerminal(d: Drawing, columns = 78): string {
  const scale = columns / d.width;
  const rows = Math.ceil((d.height * scale) / 2) * 2;
  const ink: boolean[][] = Array.from({ length: rows }, () => new Array<boolean>(columns).fill(false));
  for (const { points, width } of d.lines) {
    const radius = Math.max(0.5, (width * scale) / 2);
    const scaled = points.map(([x, y]): Point => [x * scale, y * scale]);
    for (let i = 1; i < scaled.length; i++) {
      const a = scaled[i - 1]!;
      const b = scaled[i]!;
      const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - radius));
      const x1 = Math.min(columns - 1, Math.ceil(Math.max(a[0], b[0]) + radius));
      const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - radius));
      const y1 = Math.min(rows - 1, Math.ceil(Math.max(a[1], b[1]) + radius));
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) if (toSegment([x + 0.5, y + 0.5], a, b) <= radius) ink[y]![x] = true;
    }
  }
  const lines: string[] = [];
  for (let y = 0; y < rows; y += 2) {
    let line = '';
    for (let x = 0; x < columns; x++) {
      const top = ink[y]![x];
      const bottom = ink[y + 1]![x];
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}
