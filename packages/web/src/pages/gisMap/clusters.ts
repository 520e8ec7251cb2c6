import Supercluster, { type ClusterFeature, type PointFeature } from 'supercluster';
import { MARKER_STATES, type MarkerState } from './markerState';

/** A lift on the map: where it stands and what state it is in. */
export interface ClusterPoint {
  id: number;
  lon: number;
  lat: number;
  state: MarkerState;
}

/** How many lifts of a group are in each state; the worst of them colours the group. */
export type StateCounts = Record<MarkerState, number>;

type Props = { id: number; state: MarkerState };
type Sums = StateCounts;

export type MapItem =
  | { kind: 'lift'; id: number; lon: number; lat: number; state: MarkerState }
  | { kind: 'cluster'; clusterId: number; lon: number; lat: number; count: number; states: StateCounts };

/** Clusters are this many CSS pixels across at the zoom level they are made for (up to twice that between levels). */
const RADIUS_PX = 40;

const none = (): StateCounts => ({ alarm: 0, fault: 0, online: 0, offline: 0 });

/**
 * The state a group shows: an alarm anywhere in it, else a fault anywhere in it, else online or offline as
 * most of its lifts are (its ring shows the shares).
 */
export const worstState = (counts: StateCounts): MarkerState =>
  counts.alarm ? 'alarm' : counts.fault ? 'fault' : counts.online >= counts.offline ? 'online' : 'offline';

/**
 * Lifts grouped by how close they stand on screen (supercluster, a k-d tree per zoom level), so ten thousand
 * stay readable: at each zoom level, near lifts become one counted group that splits as the map zooms in.
 * `maxZoom` is the deepest level the map reaches: lifts at one address stay a group there, listed on a click.
 */
export class LiftClusters {
  private readonly index: Supercluster<Props, Sums>;
  readonly maxZoom: number;

  constructor(points: readonly ClusterPoint[], maxZoom: number) {
    this.maxZoom = maxZoom;
    this.index = new Supercluster<Props, Sums>({
      radius: RADIUS_PX,
      extent: 256,
      maxZoom,
      map: (p) => ({ ...none(), [p.state]: 1 }),
      reduce: (acc, p) => {
        for (const s of MARKER_STATES) acc[s] += p[s];
      },
    });
    this.index.load(
      points.map((p): PointFeature<Props> => ({
        type: 'Feature',
        properties: { id: p.id, state: p.state },
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      })),
    );
  }

  /** Lifts and groups inside a box [west, south, east, north] at a web-map zoom level. */
  itemsIn(bbox: [number, number, number, number], zoom: number): MapItem[] {
    return this.index.getClusters(bbox, Math.floor(zoom)).map((f): MapItem => {
      const [lon, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties;
      if ('cluster' in p && p.cluster) {
        const c = p as ClusterFeature<Sums>['properties'];
        const states = { alarm: c.alarm, fault: c.fault, online: c.online, offline: c.offline };
        return { kind: 'cluster', clusterId: c.cluster_id, lon, lat, count: c.point_count, states };
      }
      const lift = p as Props;
      return { kind: 'lift', id: lift.id, lon, lat, state: lift.state };
    });
  }

  /** The zoom level at which a group splits; past `maxZoom` it never does (its lifts share one place). */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }

  /** The ids of a group's lifts (at most `limit`). */
  liftsOf(clusterId: number, limit: number): number[] {
    return this.index.getLeaves(clusterId, limit).map((f) => f.properties.id);
  }
}
