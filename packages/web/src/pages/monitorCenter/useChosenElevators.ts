import { MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatChosenIds, parseChosenIds } from './chosenIds';

/** The last choice on this browser, so the sidebar entry (an address without ids) reopens it. */
const REMEMBERED = 'liftcloud.monitorCenter.ids';

/**
 * The chosen elevators live in the URL, so the page can be bookmarked and reopened. `choose` refuses more
 * than MONITOR_MAX_ELEVATORS (false) and leaves the choice as it was; an address naming more shows the first.
 * An address without a choice takes the one last made on this browser.
 */
export function useChosenElevators() {
  const [params, setParams] = useSearchParams();
  const all = parseChosenIds(params.get('ids'));
  const ids = all.slice(0, MONITOR_MAX_ELEVATORS);
  useEffect(() => {
    if (ids.length) localStorage.setItem(REMEMBERED, formatChosenIds(ids));
    else {
      const remembered = localStorage.getItem(REMEMBERED);
      if (remembered) setParams({ ids: remembered }, { replace: true });
    }
    // only on opening: later changes go through choose
  }, []);
  const choose = (next: readonly number[]): boolean => {
    if (next.length > MONITOR_MAX_ELEVATORS) return false;
    if (next.length) localStorage.setItem(REMEMBERED, formatChosenIds(next));
    else localStorage.removeItem(REMEMBERED);
    setParams(next.length ? { ids: formatChosenIds(next) } : {}, { replace: true });
    return true;
  };
  /** An address with more than the limit (typed or edited by hand): how many were left out. */
  const leftOut = all.length - ids.length;
  return { ids, leftOut, choose };
}
