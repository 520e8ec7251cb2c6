import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { elevator, MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';
import { RefSelect } from '../../components/options/RefSelect';
import { targetEntity } from '../../components/options/refTarget';
import { useRecordLabels } from '../../components/options/useRecordLabels';
import { ElevatorTile } from './ElevatorTile';

const ELEVATOR = targetEntity(elevator.name)!;

/** Use-unit and single-ladder monitors: live tiles for up to MONITOR_MAX_ELEVATORS chosen elevators. */
export default function MultiMonitorPage() {
  const { t } = useTranslation();
  const client = useClient();
  const [chosen, setChosen] = useState<number[] | null>(null);
  // until the user chooses, the newest elevators the caller sees
  const newest = useQuery({
    queryKey: [elevator.path, 'monitor-default'],
    queryFn: () => client.entities.elevator.list({ pageNo: 1, pageSize: 20 }),
    enabled: chosen === null,
  });
  const shown = chosen ?? (newest.data?.records ?? []).slice(0, MONITOR_MAX_ELEVATORS).map((r) => r.id);
  const names = useRecordLabels(ELEVATOR, shown);
  return (
    <Card data-testid="multi-monitor">
      <RefSelect
        entity={ELEVATOR}
        multiple
        style={{ width: '100%', marginBottom: 16 }}
        placeholder={t('monitoring.chooseElevators', { count: MONITOR_MAX_ELEVATORS })}
        value={shown}
        maxCount={MONITOR_MAX_ELEVATORS}
        onChange={(ids) => setChosen([ids ?? []].flat().slice(0, MONITOR_MAX_ELEVATORS))}
      />
      <Row gutter={[16, 16]}>
        {shown.map((id) => (
          <Col key={id} xs={24} md={12} xl={6}>
            <ElevatorTile elevatorId={id} title={names.get(id)} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
