/** A point in a glyph's box: x from 0 (left) to 1, y from 0 (top) to 1. */
export type Point = readonly [number, number];
/** A pen stroke: the points a line is drawn through. */
export type Stroke = readonly Point[];

/** Points along an elliptic arc (angles in degrees, y pointing down, so -90 is the top). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps = 12): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return points;
}

/**
 * The digits a captcha uses (2 to 9: no 0/O or 1/l to confuse), as the strokes of a pen. Every captcha
 * draws them through a random transform of its own (services/captcha/draw.ts), so no two drawings of a
 * digit share their coordinates.
 */
export const GLYPHS: Record<string, readonly Stroke[]> = {
  '2': [[...arc(0.5, 0.3, 0.36, 0.26, -165, 25), [0.12, 0.95], [0.9, 0.95]]],
  '3': [arc(0.5, 0.28, 0.33, 0.23, -150, 90), arc(0.5, 0.72, 0.38, 0.24, -90, 150)],
  '4': [
    [
      [0.66, 0.95],
      [0.66, 0.05],
      [0.1, 0.68],
      [0.92, 0.68],
    ],
  ],
  '5': [[[0.85, 0.05], [0.22, 0.05], [0.16, 0.46], ...arc(0.5, 0.68, 0.38, 0.28, -140, 150)]],
  '6': [arc(0.56, 0.56, 0.4, 0.5, -65, -185), arc(0.5, 0.71, 0.36, 0.25, 0, 360, 16)],
  '7': [
    [
      [0.1, 0.05],
      [0.9, 0.05],
      [0.38, 0.95],
    ],
  ],
  '8': [arc(0.5, 0.27, 0.3, 0.22, 0, 360, 16), arc(0.5, 0.72, 0.38, 0.25, 0, 360, 16)],
  '9': [arc(0.5, 0.3, 0.36, 0.25, 0, 360, 16), arc(0.44, 0.44, 0.42, 0.52, 0, 115)],
};

export const CAPTCHA_DIGITS = Object.keys(GLYPHS).join('');
