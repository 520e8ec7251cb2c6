import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmType, enumLabel, runtimeStatus } from '@liftcloud/client';
import { useLanguage } from '../../app/ConsoleContext';
import { HealthTag, useHealth } from '../../health/useHealth';
import { useElevatorState } from './useElevatorState';
import { formatDateTime } from '../../components/fieldOptions';

const pick = (list: string, index: number | null) => (index === null ? '-' : (list.split('|')[index] ?? String(index)));
const ARROWS = ['■', '▲', '▼'];

/** One elevator's live floor, direction, door, run state and flags, and its latest alarm. */
export function ElevatorTile(props: { elevatorId: number; title?: string; large?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state, alarm } = useElevatorState(props.elevatorId);
  const online = state?.online ?? false;
  const health = useHealth([props.elevatorId]);
  return (
    <Card
      size={props.large ? 'default' : 'small'}
      title={props.title ?? `#${props.elevatorId}`}
      extra={
        <>
          <HealthTag health={health.data?.[0]} />
          <Tag color={online ? 'green' : 'default'}>{online ? t('monitoring.online') : t('monitoring.offline')}</Tag>
        </>
      }
      data-testid={`elevator-tile-${props.elevatorId}`}
      data-floor={state?.floor ?? ''}
    >
      {alarm ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="live-alarm"
          title={`${t('monitoring.alarm')}: ${enumLabel(alarmType, alarm.type, language)}${
            alarm.floor === null ? '' : ` · ${t('monitoring.floor')} ${alarm.floor}`
          }`}
        />
      ) : null}
      <div style={{ textAlign: 'center', fontSize: props.large ? 56 : 32, fontWeight: 600 }} data-testid="live-floor">
        {state?.floor ?? '-'} {state?.direction == null ? '' : ARROWS[state.direction]}
      </div>
      {state && state.updateTime === null ? <div style={{ textAlign: 'center' }}>{t('monitoring.noState')}</div> : null}
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'direction',
            label: t('monitoring.direction'),
            children: pick(t('monitoring.directions'), state?.direction ?? null),
          },
          {
            key: 'door',
            label: t('monitoring.door'),
            children: <span data-testid="live-door">{pick(t('monitoring.doors'), state?.door ?? null)}</span>,
          },
          { key: 'run', label: t('monitoring.run'), children: pick(t('monitoring.runs'), state?.run ?? null) },
          {
            key: 'flags',
            label: t('monitoring.flags'),
            children: (state?.flags ?? []).map((f) => (
              <Tag key={f} color="orange">
                {enumLabel(runtimeStatus, f, language)}
              </Tag>
            )),
          },
          {
            key: 'updated',
            label: t('monitoring.updated'),
            children: state?.updateTime ? formatDateTime(state.updateTime) : '-',
          },
        ]}
      />
    </Card>
  );
}
