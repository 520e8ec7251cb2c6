import { Card, Col, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { useEntityOptions } from '../../components/options/useEntityOptions';
import { ElevatorTile } from './ElevatorTile';

/** Use-unit and single-ladder monitors: live tiles for up to MONITOR_MAX_ELEVATORS chosen elevators. */
export default function MultiMonitorPage() {
  const { t } = useTranslation();
  const elevators = useEntityOptions('elevator');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const shown = chosen ?? elevators.slice(0, MONITOR_MAX_ELEVATORS).map((o) => Number(o.value));
  return (
    <Card data-testid="multi-monitor">
      <Select<number[]>
        mode="multiple"
        style={{ width: '100%', marginBottom: 16 }}
        placeholder={t('monitoring.chooseElevators', { count: MONITOR_MAX_ELEVATORS })}
        options={elevators}
        value={shown}
        maxCount={MONITOR_MAX_ELEVATORS}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(ids) => setChosen(ids.slice(0, MONITOR_MAX_ELEVATORS))}
      />
      <Row gutter={[16, 16]}>
        {shown.map((id) => (
          <Col key={id} xs={24} md={12} xl={6}>
            <ElevatorTile elevatorId={id} title={elevators.find((o) => o.value === id)?.label as string | undefined} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
