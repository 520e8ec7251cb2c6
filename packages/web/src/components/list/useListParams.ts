import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { EntityDef, PageSize } from '@liftcloud/client';
import { filterParamKeys, readListState, writeListState, type ListState } from './listParams';

/** A list's filters and page, kept in the URL so reload and a shared link show the same view. */
export function useListParams(entity: EntityDef) {
  const [params, setParams] = useSearchParams();
  const keys = useMemo(() => filterParamKeys(entity), [entity]);
  const state = readListState(params, keys);
  const write = (next: ListState) => {
    const cleared = new URLSearchParams(params);
    keys.forEach((key) => cleared.delete(key));
    setParams(writeListState(next, cleared));
  };
  return {
    state,
    search: (filters: Record<string, string>) => write({ ...state, pageNo: 1, filters }),
    reset: () => write({ pageNo: 1, pageSize: state.pageSize, filters: {} }),
    setPage: (pageNo: number, pageSize: PageSize) =>
      write({ ...state, pageNo: pageSize === state.pageSize ? pageNo : 1, pageSize }),
  };
}
