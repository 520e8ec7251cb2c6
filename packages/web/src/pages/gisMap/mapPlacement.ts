import type { MapDatum } from '@liftcloud/client';
import gcoord from 'gcoord';

/** What the GIS map needs of an elevator record. */
export interface MapElevator {
  id: number;
  name: string;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  useUnitId: number | null;
  useUnitName: string | null;
  online: boolean;
  dtuCode: string | null;
}

export interface UnitPlace {
  longitude: number | null;
  latitude: number | null;
  address: string | null;
}

export interface PlacedElevator extends MapElevator {
  lon: number;
  lat: number;
  /** Placed at its use unit's coordinates, having none of its own. */
  fromUseUnit: boolean;
}

const isCoordinate = (v: number | null, limit: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;

/**
 * A stored (WGS-84) position on tiles drawn in `datum`: moved onto GCJ-02 tiles inside China (gcoord leaves a
 * position outside China as it is, as GCJ-02 does).
 */
export function onTiles(lon: number, lat: number, datum: MapDatum): [number, number] {
  if (datum === 'wgs84') return [lon, lat];
  const [x, y] = gcoord.transform([lon, lat], gcoord.WGS84, gcoord.GCJ02);
  return [x, y];
}

/**
 * Elevators by their own longitude and latitude, else their use unit's; the rest are listed beside the map,
 * never dropped. (0, 0) is taken as "not filled in": no elevator stands in the Gulf of Guinea. Positions are
 * given in the tiles' datum.
 */
export function placeElevators(
  elevators: readonly MapElevator[],
  units: ReadonlyMap<number, UnitPlace>,
  datum: MapDatum = 'wgs84',
): { placed: PlacedElevator[]; unplaced: MapElevator[] } {
  const placed: PlacedElevator[] = [];
  const unplaced: MapElevator[] = [];
  const usable = (lon: number | null, lat: number | null) =>
    isCoordinate(lon, 180) && isCoordinate(lat, 90) && !(lon === 0 && lat === 0);
  for (const e of elevators) {
    if (usable(e.longitude, e.latitude)) {
      const [lon, lat] = onTiles(e.longitude!, e.latitude!, datum);
      placed.push({ ...e, lon, lat, fromUseUnit: false });
      continue;
    }
    const unit = e.useUnitId === null ? undefined : units.get(e.useUnitId);
    if (unit && usable(unit.longitude, unit.latitude)) {
      const [lon, lat] = onTiles(unit.longitude!, unit.latitude!, datum);
      placed.push({ ...e, address: e.address ?? unit.address, lon, lat, fromUseUnit: true });
    } else unplaced.push(e);
  }
  return { placed, unplaced };
}

/** China's mainland extent, shown when nothing is placed yet. */
const CHINA: [[number, number], [number, number]] = [
  [73, 18],
  [135, 54],
];
const MIN_SPAN = { lon: 12, lat: 8 };

/**
 * The area to fit the map to: the placed elevators' bounding box, widened to at least a region's size so a
 * single city still shows the coast around it (the simplified outline has no streets to show).
 */
export function viewArea(points: readonly { lon: number; lat: number }[]): [[number, number], [number, number]] {
  if (!points.length) return CHINA;
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const widen = (lo: number, hi: number, min: number, limit: number): [number, number] => {
    const pad = Math.max(0, (min - (hi - lo)) / 2) + (hi - lo) * 0.1;
    return [Math.max(-limit, lo - pad), Math.min(limit, hi + pad)];
  };
  const [west, east] = widen(Math.min(...lons), Math.max(...lons), MIN_SPAN.lon, 180);
  const [south, north] = widen(Math.min(...lats), Math.max(...lats), MIN_SPAN.lat, 85);
  return [
    [west, south],
    [east, north],
  ];
}
