import { useQuery } from '@tanstack/react-query';
import { elevator, type Page } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';

/** What the use-unit monitors need of a lift. */
export interface UnitLift {
  id: number;
  name: string;
  buildingNo: string;
  online: boolean;
}

/** A use unit's lifts, at most this many (the elevator list's largest page). */
export const UNIT_LIFTS = 200;

/** The lifts of a use unit the caller sees, grouped by building number (sorted; lifts without one last). */
export function useUnitLifts(useUnitId: number) {
  const client = useClient();
  const lifts = useQuery({
    queryKey: [elevator.path, 'use-unit', useUnitId],
    queryFn: async () => {
      const page = (await client.entities.elevator.list({
        useUnitId,
        pageNo: 1,
        pageSize: UNIT_LIFTS,
      })) as Page<Record<string, unknown> & { id: number }>;
      return page.records.map((r): UnitLift => ({
        id: r.id,
        name: String(r.name ?? r.id),
        buildingNo: String(r.buildingNo ?? '').trim(),
        online: r.onlineStatus === true || r.onlineStatus === 1,
      }));
    },
    enabled: Number.isInteger(useUnitId) && useUnitId > 0,
  });
  const buildings = new Map<string, UnitLift[]>();
  for (const lift of lifts.data ?? [])
    buildings.set(lift.buildingNo, [...(buildings.get(lift.buildingNo) ?? []), lift]);
  const sorted = [...buildings.entries()].sort(([a], [b]) =>
    a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, undefined, { numeric: true }),
  );
  return { lifts, buildings: sorted };
}

/** The spec's parameter routes: a use unit (/MarkToUseUnit/{id},{name}) and one of its buildings (/monitorMore). */
export const useUnitPath = (id: number, name: string) => `/MarkToUseUnit/${id},${encodeURIComponent(name)}`;
export const buildingPath = (id: number, building: string, name: string) =>
  `/monitorMore/${id},${encodeURIComponent(building)},${encodeURIComponent(name)}`;
