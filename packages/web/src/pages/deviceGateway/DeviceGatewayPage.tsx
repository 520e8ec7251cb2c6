import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PushStatsTable } from './PushStatsTable';

const GatewayTestsPanel = lazy(() => import('../gatewayTests/GatewayTestsPanel'));

/** Operations → device gateways (super admin only): push statistics of every gateway, and gateway tests. */
export default function DeviceGatewayPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'pushStats', label: t('pushStats.tab'), children: <PushStatsTable /> },
        {
          key: 'gatewayTest',
          label: t('pushStats.gatewayTestTab'),
          children: (
            <Suspense fallback={<Spin />}>
              <GatewayTestsPanel />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
