import { LIVE_FRAME_TYPE, liveFrameElevatorId, type LiveFrame } from '@liftcloud/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useConsole } from '../app/ConsoleContext';
import { useLiveFrames } from './liveFrames';

/** Frames that change the overview's figures: alarm, fault and work order. */
const COUNTED_TYPES = new Set<number>([LIVE_FRAME_TYPE.alarm, LIVE_FRAME_TYPE.fault, LIVE_FRAME_TYPE.workOrder]);
/** A burst of frames (a gateway replaying its queue) asks the server once. */
const REFETCH_AFTER_MS = 1_000;
/** Figures like "offline" change without a frame reaching this page (a sweep), so look again now and then. */
const POLL_MS = 60_000;

const covers = (elevatorIds: readonly number[], frame: LiveFrame) => {
  const id = liveFrameElevatorId(frame);
  return id !== null && elevatorIds.includes(id);
};

/**
 * GET monitoring/overview, fetched again shortly after each alarm, fault or work-order frame from the live
 * channel for the elevators it covers (all, or the chosen ones).
 */
export function useLiveOverview(elevatorIds?: readonly number[], enabled = true) {
  const { client } = useConsole();
  const queryClient = useQueryClient();
  const key = ['monitoring', 'overview', elevatorIds?.join(',') ?? 'all'];
  const overview = useQuery({
    queryKey: key,
    queryFn: () => client.monitoring.overview(elevatorIds),
    enabled,
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
        void queryClient.invalidateQueries({ queryKey: key });
      }, REFETCH_AFTER_MS);
    },
    (frame) => COUNTED_TYPES.has(frame.type) && (!elevatorIds || covers(elevatorIds, frame)),
  );
  return overview;
}
