import { App, Button, Popconfirm, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  allows,
  invalidateMaintenancePlan,
  maintenancePlan,
  maintenanceSetting,
  maintenanceType,
  PERMISSION,
  spotCheck,
  translate,
  type PermissionIndex,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ImportButton } from '../../components/files/ImportButton';
import { ItemsEditor } from './ItemsEditor';

/** An active plan's invalidation: it cannot be undone, so it asks first. */
function InvalidatePlan(props: { id: number; status: unknown }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  if (props.status !== 1) return null;
  return (
    <Popconfirm
      title={maintenancePlan.fields.invalidReason.label[language]}
      onConfirm={async () => {
        await client.call(invalidateMaintenancePlan, {
          params: { id: props.id },
          body: { invalidReason: t('maint.invalidatePlan') },
        });
        message.success(translate(language, 'outcome.done'));
        await queryClient.invalidateQueries();
      }}
    >
      <Button type="link" danger size="small" data-testid={`invalidate-plan-${props.id}`}>
        {t('maint.invalidatePlan')}
      </Button>
    </Popconfirm>
  );
}

/** /maintenanceSetting: types (326), plans (327), company settings and spot checks (328), each tab by its index. */
export default function MaintenanceSettingPage() {
  const { t } = useTranslation();
  const { session } = useConsole();
  const can = (index: PermissionIndex) => !!session && allows(session.username, session.auth, index);
  const tabs = [
    can(PERMISSION.maintenanceTypes) && {
      key: 'types',
      label: t('maint.types'),
      children: (
        <CrudPage
          entity={maintenanceType}
          columns={['name', 'elevatorType', 'classification']}
          formInputs={{ items: <ItemsEditor /> }}
        />
      ),
    },
    can(PERMISSION.maintenancePlans) && {
      key: 'plans',
      label: t('maint.plans'),
      children: (
        <CrudPage
          entity={maintenancePlan}
          columns={['name', 'maintenanceTypeName', 'companyName', 'startDate', 'endDate', 'cycle', 'status']}
          extraActions={(row) => <InvalidatePlan id={Number(row.id)} status={row.status} />}
          toolbarExtra={<ImportButton entity="maintenancePlan" />}
        />
      ),
    },
    can(PERMISSION.maintenanceCompanySettings) && {
      key: 'settings',
      label: t('maint.settings'),
      children: <CrudPage entity={maintenanceSetting} columns={defaultColumns(maintenanceSetting)} />,
    },
    can(PERMISSION.maintenanceCompanySettings) && {
      key: 'spotChecks',
      label: t('maint.spotChecks'),
      children: <CrudPage entity={spotCheck} columns={defaultColumns(spotCheck)} />,
    },
  ].filter((tab) => tab !== false);
  return <Tabs items={tabs} />;
}
