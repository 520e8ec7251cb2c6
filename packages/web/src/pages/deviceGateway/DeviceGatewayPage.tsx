import { Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PushStatsTable } from './PushStatsTable';

const GatewayTestsPanel = lazy(() => import('../gatewayTests/GatewayTestsPanel'));
const GatewayVersionsPanel = lazy(() => import('../gatewayVersions/GatewayVersionsPanel'));

/** Operations → device gateways (super admin only): push statistics of every gateway, gateway tests
 * and the gateway program versions. */
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
        {
          key: 'versions',
          label: t('gatewayVersions.title'),
          children: (
            <Suspense fallback={<Spin />}>
              <GatewayVersionsPanel />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
