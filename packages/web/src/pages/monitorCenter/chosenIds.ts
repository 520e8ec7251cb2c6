/** The monitor center's chosen elevators as they travel in the URL: `?ids=12,7,30` (order kept, repeats dropped). */
export function parseChosenIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

export const formatChosenIds = (ids: readonly number[]): string => ids.join(',');
