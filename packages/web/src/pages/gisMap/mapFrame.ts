import { TILE_SIZE } from '@liftcloud/client';
import type { View } from './mapView';

/**
 * Where the map stands: the fitted Mercator projection (d3's scale, in SVG units per radian, and its
 * translate, where longitude 0 and latitude 0 fall), the pan and zoom on it, and the CSS pixels an SVG unit
 * takes on screen. Web map tiles and clusters use the same spherical Mercator, so both follow from it.
 */
export interface MapFrame {
  scale: number;
  translate: [number, number];
  view: View;
  pxPerUnit: number;
}

/** The map's width in SVG units, the whole world across, at the current zoom. */
const worldUnits = (f: MapFrame) => 2 * Math.PI * f.scale * f.view.k;

/** The web-map zoom level (fractional) the screen shows: the world is 256 · 2^zoom CSS pixels across. */
export const webZoom = (f: MapFrame): number => Math.log2((worldUnits(f) * f.pxPerUnit) / TILE_SIZE);

/** The view zoom `k` at which the screen shows a web-map zoom level. */
export const kForWebZoom = (f: Omit<MapFrame, 'view'>, zoom: number): number =>
  (TILE_SIZE * 2 ** zoom) / (2 * Math.PI * f.scale * f.pxPerUnit);

export interface PlacedTile {
  z: number;
  x: number;
  y: number;
  /** Top-left corner and side, in SVG units on screen. */
  left: number;
  top: number;
  size: number;
}

/** A fraction of the world across (0 at 180° W) or down (0 at the top) to SVG units on screen. */
const screenX = (f: MapFrame, u: number) => (f.translate[0] + (u - 0.5) * 2 * Math.PI * f.scale) * f.view.k + f.view.x;
const screenY = (f: MapFrame, v: number) => (f.translate[1] + (v - 0.5) * 2 * Math.PI * f.scale) * f.view.k + f.view.y;
const fractionX = (f: MapFrame, sx: number) =>
  ((sx - f.view.x) / f.view.k - f.translate[0]) / (2 * Math.PI * f.scale) + 0.5;
const fractionY = (f: MapFrame, sy: number) =>
  ((sy - f.view.y) / f.view.k - f.translate[1]) / (2 * Math.PI * f.scale) + 0.5;

/** At most this many tiles are drawn at once (a guard: a 1000 × 620 map at any zoom needs about 40). */
const MAX_TILES = 256;

/**
 * The tiles that cover a width × height screen: at the nearest whole zoom level (up to `maxZoom`), each
 * stretched to where it falls.
 */
export function tilesInView(f: MapFrame, width: number, height: number, maxZoom: number): PlacedTile[] {
  const z = Math.max(0, Math.min(maxZoom, Math.round(webZoom(f))));
  const n = 2 ** z;
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  const x0 = clamp(Math.floor(fractionX(f, 0) * n));
  const x1 = clamp(Math.floor(fractionX(f, width) * n));
  const y0 = clamp(Math.floor(fractionY(f, 0) * n));
  const y1 = clamp(Math.floor(fractionY(f, height) * n));
  const size = worldUnits(f) / n;
  const tiles: PlacedTile[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      if (tiles.length >= MAX_TILES) return tiles;
      tiles.push({ z, x, y, left: screenX(f, x / n), top: screenY(f, y / n), size });
    }
  return tiles;
}
