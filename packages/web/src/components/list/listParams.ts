import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type EntityDef, type PageSize } from '@liftcloud/client';

/** The URL search parameters a list uses: its filters (a range is two keys, …Start and …End) and the page. */
export function filterParamKeys(entity: EntityDef): string[] {
  return Object.entries(entity.filters).flatMap(([key, mode]) =>
    mode === 'range' ? [`${key}Start`, `${key}End`] : mode ? [key] : [],
  );
}

export interface ListState {
  pageNo: number;
  pageSize: PageSize;
  filters: Record<string, string>;
}

export function readListState(params: URLSearchParams, keys: readonly string[]): ListState {
  const pageNo = Math.max(1, Math.floor(Number(params.get('pageNo')) || 1));
  const size = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
  const filters: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  return { pageNo, pageSize, filters };
}

/** Defaults stay out of the URL so a plain link and the first page look the same. */
export function writeListState(state: ListState, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const key of ['pageNo', 'pageSize', ...Object.keys(state.filters)]) params.delete(key);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params.set(key, value);
  if (state.pageNo !== 1) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}
