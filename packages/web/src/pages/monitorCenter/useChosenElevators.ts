import { MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { useSearchParams } from 'react-router-dom';
import { formatChosenIds, parseChosenIds } from './chosenIds';

/**
 * The chosen elevators live in the URL, so the page can be bookmarked and reopened. `choose` refuses more
 * than MONITOR_MAX_ELEVATORS (false) and leaves the choice as it was.
 */
export function useChosenElevators() {
  const [params, setParams] = useSearchParams();
  const ids = parseChosenIds(params.get('ids')).slice(0, MONITOR_MAX_ELEVATORS);
  const choose = (next: readonly number[]): boolean => {
    if (next.length > MONITOR_MAX_ELEVATORS) return false;
    setParams(next.length ? { ids: formatChosenIds(next) } : {}, { replace: true });
    return true;
  };
  return { ids, choose };
}
