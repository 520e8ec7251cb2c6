/**
 * A raster tile source for the GIS map: an XYZ URL template ({z}/{x}/{y}, optionally {s} for one of the
 * subdomains), the attribution the provider requires, and the deepest zoom it serves. Configured per
 * deployment (MAP_TILE_* in the server's environment, docs/decisions.md "GIS map tiles"); the offline land
 * outline is drawn beneath it and shows wherever tiles do not load.
 */
export interface MapTileSource {
  url: string;
  subdomains: string[];
  attribution: string;
  maxZoom: number;
  /**
   * The datum the tiles are drawn in. Coordinates are stored in WGS-84 (what GPS and a phone report); tiles
   * of Chinese providers such as AutoNavi and Tencent are drawn in GCJ-02, so markers are moved onto them.
   */
  datum: MapDatum;
}

export const MAP_DATUMS = ['wgs84', 'gcj02'] as const;
export type MapDatum = (typeof MAP_DATUMS)[number];

export const TILE_SIZE = 256;
export const TILE_MAX_ZOOM_LIMIT = 22;

/** Why a tile source is refused, naming the setting and its rule (English: it is read at server start). */
export class MapTileSourceError extends Error {}

/** A tile source from its settings, or an error naming the setting and the rule it breaks. */
export function parseMapTileSource(input: {
  url: string;
  subdomains?: string;
  attribution?: string;
  maxZoom?: string;
  datum?: string;
}): MapTileSource {
  const url = input.url.trim();
  for (const part of ['{z}', '{x}', '{y}'])
    if (!url.includes(part)) throw new MapTileSourceError(`MAP_TILE_URL must contain ${part}: ${url}`);
  const subdomains = (input.subdomains ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (url.includes('{s}') && !subdomains.length)
    throw new MapTileSourceError('MAP_TILE_SUBDOMAINS must list the subdomains {s} stands for (e.g. a,b,c)');
  for (const s of subdomains)
    if (!/^[a-z0-9-]{1,63}$/i.test(s))
      throw new MapTileSourceError(`MAP_TILE_SUBDOMAINS: "${s}" is not a host name label (letters, digits, -)`);
  let parsed: URL;
  try {
    parsed = new URL(tileUrl({ url, subdomains, attribution: '', maxZoom: 0, datum: 'wgs84' }, 0, 0, 0));
  } catch {
    throw new MapTileSourceError(`MAP_TILE_URL must be an absolute http(s) URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new MapTileSourceError(`MAP_TILE_URL must be an http or https URL: ${url}`);
  const maxZoom = input.maxZoom?.trim() ? Number(input.maxZoom) : 18;
  if (!Number.isInteger(maxZoom) || maxZoom < 1 || maxZoom > TILE_MAX_ZOOM_LIMIT)
    throw new MapTileSourceError(`MAP_TILE_MAX_ZOOM must be a whole number from 1 to ${TILE_MAX_ZOOM_LIMIT}`);
  const datum = (input.datum?.trim().toLowerCase() || 'wgs84') as MapDatum;
  if (!MAP_DATUMS.includes(datum))
    throw new MapTileSourceError(
      `MAP_TILE_DATUM must be wgs84 or gcj02 (AutoNavi's and Tencent's tiles): ${String(input.datum)}`,
    );
  return { url, subdomains, attribution: input.attribution?.trim() ?? '', maxZoom, datum };
}

/** The address of one tile; the subdomain turns with the tile so requests spread over the hosts. */
export function tileUrl(source: MapTileSource, z: number, x: number, y: number): string {
  const s = source.subdomains.length ? source.subdomains[Math.abs(x + y) % source.subdomains.length]! : '';
  return source.url
    .replaceAll('{s}', s)
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y));
}

/** Every origin tiles come from (one per subdomain): what the content security policy's img-src admits. */
export function tileOrigins(source: MapTileSource): string[] {
  const hosts = source.subdomains.length ? source.subdomains : [''];
  const origins = hosts.map((s) => new URL(tileUrl({ ...source, subdomains: s ? [s] : [] }, 0, 0, 0)).origin);
  return [...new Set(origins)];
}
