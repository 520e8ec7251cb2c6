import { geoMercator } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { worstState } from './clusters';
import { kForWebZoom, tilesInView, webZoom, type MapFrame } from './mapFrame';

/** A projection that draws the world 256 units across (web-map zoom 0), at one CSS pixel per unit. */
const world = geoMercator()
  .scale(256 / (2 * Math.PI))
  .translate([128, 128]);
const frame = (k: number, x = 0, y = 0): MapFrame => ({
  scale: world.scale(),
  translate: world.translate() as [number, number],
  view: { k, x, y },
  pxPerUnit: 1,
});

describe('map frame: web-map zoom and the tiles on screen', () => {
  it('knows the zoom level from the projection and the zoom, both ways', () => {
    expect(webZoom(frame(1))).toBeCloseTo(0);
    expect(webZoom(frame(8))).toBeCloseTo(3);
    expect(kForWebZoom(frame(1), 5)).toBeCloseTo(32);
  });

  it('lays the tiles where the projection draws their corners', () => {
    // zoom 2 (k 4), the screen 512 × 512 from the world's top-left corner: tiles 0-1 across and down
    const tiles = tilesInView(frame(4), 511, 511, 18);
    expect(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).toEqual(['2/0/0', '2/1/0', '2/0/1', '2/1/1']);
    expect(tiles[3]).toMatchObject({ left: 256, top: 256, size: 256 });
    // tile 2/1/1's top-left corner is 90° W on the equator: the projection agrees
    const [px, py] = world([-90, 0])!;
    expect([px * 4, py * 4]).toEqual([256, 512]);
    expect(tilesInView(frame(4), 1023, 1023, 18).find((t) => t.x === 1 && t.y === 2)).toMatchObject({
      left: 256,
      top: 512,
    });
  });

  it('stops at the source max zoom, stretching its tiles', () => {
    const tiles = tilesInView(frame(2 ** 10, -300_000, -100_000), 1000, 620, 8);
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([8]));
    expect(tiles[0]!.size).toBeCloseTo(1024);
  });

  it('colours a group by an alarm or fault anywhere in it, else by most of its lifts', () => {
    expect(worstState({ alarm: 1, fault: 3, online: 10, offline: 0 })).toBe('alarm');
    expect(worstState({ alarm: 0, fault: 1, online: 10, offline: 0 })).toBe('fault');
    expect(worstState({ alarm: 0, fault: 0, online: 3, offline: 7 })).toBe('offline');
    expect(worstState({ alarm: 0, fault: 0, online: 7, offline: 3 })).toBe('online');
  });
});
