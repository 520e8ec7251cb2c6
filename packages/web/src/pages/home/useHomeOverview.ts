import { LIVE_FRAME_TYPE, getHomeOverview } from '@liftcloud/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { useLiveFrames } from '../../live/liveFrames';

/** Frames that change a home figure: an alarm, a fault, a repair order moving, a gateway going silent. */
const COUNTED_TYPES = new Set<number>([
  LIVE_FRAME_TYPE.alarm,
  LIVE_FRAME_TYPE.fault,
  LIVE_FRAME_TYPE.workOrder,
  LIVE_FRAME_TYPE.gateway,
]);
/** A burst of frames asks the server once. */
const REFETCH_AFTER_MS = 1_000;
/** Figures no frame announces (a lift back online, maintenance falling due) are read again this often. */
const POLL_MS = 30_000;

/** GET home/overview for the current organisation, again shortly after each frame that changes a figure. */
export function useHomeOverview() {
  const { client, orgId } = useConsole();
  const queryClient = useQueryClient();
  const key = ['home', 'overview', orgId];
  const overview = useQuery({
    queryKey: key,
    queryFn: () => client.call(getHomeOverview),
    refetchInterval: POLL_MS,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveFrames(
    () => {
      timer.current ??= setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: ['home', 'overview'] });
      }, REFETCH_AFTER_MS);
    },
    (frame) => COUNTED_TYPES.has(frame.type),
  );
  return overview;
}
