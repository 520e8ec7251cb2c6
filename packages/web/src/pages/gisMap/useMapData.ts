import { useQuery } from '@tanstack/react-query';
import { OPEN_STATES, type LiftCloudClient } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import type { MapElevator, UnitPlace } from './mapPlacement';

const PAGE_SIZE = 200;
/** The map draws at most this many elevators (a hundred list pages, clustered); beyond it a note says so. */
export const MAP_MAX_ELEVATORS = 20_000;
/** List pages asked for at once: a large fleet loads without flooding the server. */
const CONCURRENT_PAGES = 4;

/** Every page of a list, up to a cap, a few pages at a time. */
async function allPages(
  list: (pageNo: number) => Promise<{ records: Record<string, unknown>[]; total: number }>,
  cap: number,
): Promise<{ records: Record<string, unknown>[]; total: number }> {
  const first = await list(1);
  const pages = Math.min(Math.ceil(first.total / PAGE_SIZE), Math.ceil(cap / PAGE_SIZE));
  const rest: { records: Record<string, unknown>[] }[] = [];
  for (let next = 2; next <= pages; next += CONCURRENT_PAGES) {
    const batch = Array.from({ length: Math.min(CONCURRENT_PAGES, pages - next + 1) }, (_, i) => list(next + i));
    rest.push(...(await Promise.all(batch)));
  }
  return { records: [first, ...rest].flatMap((p) => p.records), total: first.total };
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

async function loadElevators(client: LiftCloudClient) {
  const { records, total } = await allPages(
    (pageNo) => client.entities.elevator.list({ pageNo, pageSize: PAGE_SIZE }),
    MAP_MAX_ELEVATORS,
  );
  const elevators: MapElevator[] = records.map((r) => ({
    id: Number(r.id),
    name: String(r.name ?? r.id),
    address: str(r.address),
    longitude: num(r.longitude),
    latitude: num(r.latitude),
    useUnitId: num(r.useUnitId),
    useUnitName: str(r.useUnitName),
    online: r.onlineStatus === true,
    dtuCode: str(r.dtuCode),
  }));
  return { elevators, total };
}

async function loadUnits(client: LiftCloudClient): Promise<Map<number, UnitPlace>> {
  const { records } = await allPages(
    (pageNo) => client.entities.useUnit.list({ pageNo, pageSize: PAGE_SIZE }),
    MAP_MAX_ELEVATORS,
  );
  return new Map(
    records.map((r) => [
      Number(r.id),
      { longitude: num(r.longitude), latitude: num(r.latitude), address: str(r.address) },
    ]),
  );
}

/** Elevators with an open repair order (reported, received, on site): alarming when the map opens. */
async function loadAlarming(client: LiftCloudClient): Promise<Set<number>> {
  const pages = await Promise.all(
    OPEN_STATES.map((recordState) => client.entities.workOrder.list({ recordState, pageNo: 1, pageSize: PAGE_SIZE })),
  );
  return new Set(pages.flatMap((p) => p.records.map((r) => Number(r.elevatorId))));
}

// Stable empty values: the map refits its projection only when what it places changes.
const NO_ELEVATORS: MapElevator[] = [];
const NO_UNITS = new Map<number, UnitPlace>();
const NO_ALARMS = new Set<number>();

/**
 * What the GIS map shows: elevators, their use units' coordinates (a fallback), and the elevators alarming
 * now. Use units and work orders are each the caller's own permission: without it the map still draws.
 */
export function useMapData() {
  const { client } = useConsole();
  const elevators = useQuery({ queryKey: ['gisMap', 'elevators'], queryFn: () => loadElevators(client) });
  const units = useQuery({ queryKey: ['gisMap', 'units'], queryFn: () => loadUnits(client), retry: false });
  const alarming = useQuery({ queryKey: ['gisMap', 'alarming'], queryFn: () => loadAlarming(client), retry: false });
  return {
    elevators: elevators.data?.elevators ?? NO_ELEVATORS,
    total: elevators.data?.total ?? 0,
    units: units.data ?? NO_UNITS,
    alarming: alarming.data ?? NO_ALARMS,
    loading: elevators.isLoading || (units.isLoading && !units.isError),
    error: elevators.error,
  };
}
