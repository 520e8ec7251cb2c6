import { Descriptions, Empty, List } from 'antd';
import { describeHealthReason, type HealthReason } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/ConsoleContext';
import { HealthTag, useHealth } from './useHealth';

/** One elevator's health index with each reason it is below 100 (the elevator's drawer). */
export function HealthDetail(props: { elevatorId: number }) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const health = useHealth([props.elevatorId]);
  const h = health.data?.[0];
  if (!h) return health.isLoading ? null : <Empty />;
  return (
    <div data-testid="health-detail">
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'level', label: t('health.level'), children: <HealthTag health={h} /> },
          { key: 'score', label: t('health.score'), children: h.score },
        ]}
      />
      <List
        size="small"
        header={t('health.reasons')}
        locale={{ emptyText: t('health.noReasons') }}
        dataSource={h.reasons}
        renderItem={(r) => <List.Item>{describeHealthReason(r as HealthReason, language)}</List.Item>}
      />
    </div>
  );
}
