import { describe, expect, it } from 'vitest';
import { parseMapTileSource, tileOrigins, tileUrl } from '../src/map/tiles.js';

describe('map tile source settings', () => {
  it('reads a template with subdomains, attribution and max zoom', () => {
    const source = parseMapTileSource({
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      subdomains: '1, 2,3,4',
      attribution: ' © AutoNavi ',
      maxZoom: '18',
    });
    expect(source).toEqual({
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      subdomains: ['1', '2', '3', '4'],
      attribution: '© AutoNavi',
      maxZoom: 18,
      datum: 'wgs84',
    });
    expect(tileUrl(source, 5, 26, 13)).toBe('https://webrd04.is.autonavi.com/appmaptile?style=8&x=26&y=13&z=5');
    expect(tileOrigins(source)).toEqual([1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com`));
  });

  it('takes the datum the tiles are drawn in, WGS-84 unless told', () => {
    const url = 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}';
    expect(parseMapTileSource({ url, subdomains: '1,2', datum: ' GCJ02 ' }).datum).toBe('gcj02');
    expect(parseMapTileSource({ url, subdomains: '1,2', datum: '' }).datum).toBe('wgs84');
    expect(() => parseMapTileSource({ url, subdomains: '1,2', datum: 'bd09' })).toThrow(
      'MAP_TILE_DATUM must be wgs84 or gcj02',
    );
  });

  it('takes one origin without subdomains, and max zoom 18 when not given', () => {
    const source = parseMapTileSource({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(source.maxZoom).toBe(18);
    expect(tileOrigins(source)).toEqual(['https://tile.openstreetmap.org']);
    expect(tileUrl(source, 3, 6, 2)).toBe('https://tile.openstreetmap.org/3/6/2.png');
  });

  it('refuses settings naming the setting and the rule', () => {
    const refused = (input: Parameters<typeof parseMapTileSource>[0]) => () => parseMapTileSource(input);
    expect(refused({ url: 'https://t.example/{z}/{x}.png' })).toThrow('MAP_TILE_URL must contain {y}');
    expect(refused({ url: 'https://{s}.t.example/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_SUBDOMAINS must list');
    expect(refused({ url: 'https://{s}.t.example/{z}/{x}/{y}.png', subdomains: 'a,b c' })).toThrow(
      'MAP_TILE_SUBDOMAINS: "b c"',
    );
    expect(refused({ url: 'tiles/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_URL must be an absolute http(s) URL');
    expect(refused({ url: 'ftp://t.example/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_URL must be an http or https URL');
    expect(refused({ url: 'https://t.example/{z}/{x}/{y}.png', maxZoom: '23' })).toThrow(
      'MAP_TILE_MAX_ZOOM must be a whole number from 1 to 22',
    );
  });
});
