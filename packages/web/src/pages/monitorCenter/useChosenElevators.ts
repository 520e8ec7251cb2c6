import { MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { useSearchParams } from 'react-router-dom';
import { formatChosenIds, parseChosenIds } from './chosenIds';

/**
 * The chosen elevators live in the URL, so the page can be bookmarked and reopened. `choose` refuses more
 * than MONITOR_MAX_ELEVATORS (false) and leaves the choice as it was; an address naming more shows the first.
 */
export function useChosenElevators() {
  const [params, setParams] = useSearchParams();
  const all = parseChosenIds(params.get('ids'));
  const ids = all.slice(0, MONITOR_MAX_ELEVATORS);
  const choose = (next: readonly number[]): boolean => {
    if (next.length > MONITOR_MAX_ELEVATORS) return false;
    setParams(next.length ? { ids: formatChosenIds(next) } : {}, { replace: true });
    return true;
  };
  /** An address with more than the limit (typed or edited by hand): how many were left out. */
  const leftOut = all.length - ids.length;
  return { ids, leftOut, choose };
}
