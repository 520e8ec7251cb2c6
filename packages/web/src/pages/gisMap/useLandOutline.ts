import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:50m land (public domain; world-atlas, ISC): shipped with the console as a file of its own,
// fetched from our own server when the map opens. Land only, no borders: nothing from the internet, and no
// boundary lines for a map of China to get wrong.
import landUrl from 'world-atlas/land-50m.json?url';

export type Land = FeatureCollection<Polygon | MultiPolygon>;

async function loadLand(): Promise<Land> {
  const res = await fetch(landUrl);
  if (!res.ok) throw new Error(`base map: HTTP ${res.status}`);
  const topology = (await res.json()) as Topology<{ land: GeometryCollection }>;
  return feature(topology, topology.objects.land) as Land;
}

/** The offline base map's land outline, loaded once per page. */
export function useLandOutline() {
  return useQuery({ queryKey: ['gisMap', 'land'], queryFn: loadLand, staleTime: Infinity, gcTime: Infinity });
}
