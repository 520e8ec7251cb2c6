import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import {
  PERMISSION,
  allows,
  describeHealthReason,
  enumLabel,
  healthLevel,
  listHealth,
  type ElevatorHealth,
  type HealthReason,
} from '@liftcloud/client';
import { useConsole } from '../app/ConsoleContext';

/** Colours of the levels: low red, middle orange, high green. */
export const HEALTH_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'green' };

/**
 * The health index (docs/health-index.md) of the elevators the user sees, or of those named: one request shared by
 * every tag on the screen, refreshed each minute. Nothing for a user without the elevators permission (110).
 */
export function useHealth(elevatorIds?: readonly number[]) {
  const { client, session } = useConsole();
  const may = !!session && allows(session.username, session.auth, PERMISSION.elevators);
  const key = elevatorIds ? [...elevatorIds].sort((a, b) => a - b).join(',') : '';
  return useQuery({
    queryKey: ['health', key],
    queryFn: () => client.call(listHealth, { query: key ? { elevatorIds: key } : {} }),
    enabled: may && (elevatorIds === undefined || elevatorIds.length > 0),
    staleTime: 60_000,
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}

/** One elevator's level as a tag; its score and reasons on hover. */
export function HealthTag(props: { health: ElevatorHealth | undefined }) {
  const { language } = useConsole();
  const h = props.health;
  if (!h) return null;
  const reasons = h.reasons.map((r) => describeHealthReason(r as HealthReason, language));
  return (
    <Tooltip title={[`${h.score}`, ...reasons].join(' · ')}>
      <Tag color={HEALTH_COLORS[h.level]} data-testid={`health-${h.elevatorId}`} data-level={h.level}>
        {enumLabel(healthLevel, h.level, language)}
      </Tag>
    </Tooltip>
  );
}

/** The tag of one elevator, from the shared request of all (a list's rows). */
export function ElevatorHealthTag(props: { elevatorId: number }) {
  const health = useHealth();
  return <HealthTag health={health.data?.find((h) => h.elevatorId === props.elevatorId)} />;
}
