import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIVE_FRAME_TYPE,
  getElevatorState,
  liveFrameElevatorId,
  type AlarmFrameData,
  type ElevatorState,
} from '@liftcloud/client';
import { useState } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { useLiveFrames } from '../../live/liveFrames';

/**
 * One elevator's live state: GET elevators/{id}/state, then each type 3 frame for it replaces the state; the
 * latest alarm frame (type 1) for it is kept too.
 */
export function useElevatorState(elevatorId: number) {
  const { client } = useConsole();
  const queryClient = useQueryClient();
  const key = ['elevators', 'state', elevatorId];
  const [alarm, setAlarm] = useState<AlarmFrameData | null>(null);
  const state = useQuery({
    queryKey: key,
    queryFn: () => client.call(getElevatorState, { params: { id: elevatorId } }),
    enabled: Number.isInteger(elevatorId) && elevatorId > 0,
    staleTime: 0,
  });
  useLiveFrames(
    (frame) => {
      if (frame.type === LIVE_FRAME_TYPE.alarm) setAlarm(frame.data);
      if (frame.type !== LIVE_FRAME_TYPE.status) return;
      const { floor, direction, door, run, flags } = frame.data;
      queryClient.setQueryData<ElevatorState>(key, () => ({
        floor,
        direction,
        door,
        run,
        flags,
        online: true,
        updateTime: Date.now(),
      }));
    },
    (frame) => liveFrameElevatorId(frame) === elevatorId,
  );
  return { state: state.data, loading: state.isLoading, error: state.error, alarm };
}
