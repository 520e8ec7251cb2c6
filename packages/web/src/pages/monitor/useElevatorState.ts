import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_FRAME_TYPE } from '@liftcloud/client';
import { useState } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { useLiveFrames, type LiveFrame } from '../../live/liveFrames';

export interface ElevatorState {
  floor: number | null;
  direction: number | null;
  door: number | null;
  run: number | null;
  flags: number[];
  online: boolean;
  updateTime: number | null;
}

/**
 * One elevator's live state: GET elevators/{id}/state, then each type 3 frame for it replaces the state; the
 * latest alarm frame (type 1) for it is kept too.
 */
export function useElevatorState(elevatorId: number) {
  const { client } = useConsole();
  const queryClient = useQueryClient();
  const key = ['elevators', 'state', elevatorId];
  const [alarm, setAlarm] = useState<LiveFrame['data'] | null>(null);
  const state = useQuery({
    queryKey: key,
    queryFn: () => client.http.get<ElevatorState>(`elevators/${elevatorId}/state`),
    enabled: Number.isInteger(elevatorId) && elevatorId > 0,
    staleTime: 0,
  });
  useLiveFrames(
    (frame) => {
      if (frame.type === LIVE_FRAME_TYPE.alarm) setAlarm(frame.data);
      if (frame.type !== LIVE_FRAME_TYPE.status) return;
      const d = frame.data;
      queryClient.setQueryData<ElevatorState>(key, () => ({
        floor: (d.floor as number | undefined) ?? null,
        direction: (d.direction as number | undefined) ?? null,
        door: (d.door as number | undefined) ?? null,
        run: (d.run as number | undefined) ?? null,
        flags: (d.flags as number[] | undefined) ?? [],
        online: true,
        updateTime: Date.now(),
      }));
    },
    (frame) => Number(frame.data.elevatorId) === elevatorId,
  );
  return { state: state.data, loading: state.isLoading, error: state.error, alarm };
}
