import { randomInt } from 'node:crypto';
import type { Drawing } from './draw.js';

const PALETTE = ['#1d39c4', '#531dab', '#08979c', '#d4380d', '#389e0d', '#c41d7f', '#ad6800', '#262626'];
const round = (n: number) => Math.round(n * 10) / 10;

/** The drawing as an SVG image: one path per line, each its own colour. */
export function toSvg(d: Drawing): string {
  const paths = d.lines.map(({ points, width }) => {
    const path = points.map(([x, y], i) => `${i ? 'L' : 'M'}${round(x)} ${round(y)}`).join('');
    const color = PALETTE[randomInt(PALETTE.length)];
    return `<path d="${path}" stroke="${color}" stroke-width="${round(width)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}">` +
    `<rect width="100%" height="100%" fill="#f7f7f7"/>${paths.join('')}</svg>`
  );
}
