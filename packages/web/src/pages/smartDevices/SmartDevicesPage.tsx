import { App, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { camera, programCard, smartScreen } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ReplaceDeclined, withReplaceConfirm } from '../../components/crud/replaceConflict';

/** Smart screens (a screen bound elsewhere asks "replace?"), program cards and cameras. */
export default function SmartDevicesPage() {
  const { t } = useTranslation();
  const { client } = useConsole();
  const { modal } = App.useApp();
  const saveScreen = (body: Record<string, unknown>) =>
    withReplaceConfirm(
      modal,
      { title: t('registry.replaceTitle'), ok: t('common.ok'), cancel: t('common.cancel') },
      (replace) => client.crud(smartScreen.path).save(body, { replace }),
    ).then((outcome) => {
      // declined: the form stays open, nothing is reported
      if (!outcome.sent) return Promise.reject(new ReplaceDeclined());
      return outcome.answer;
    });
  return (
    <Tabs
      items={[
        {
          key: 'screens',
          label: t('registry.smartScreens'),
          children: <CrudPage entity={smartScreen} columns={defaultColumns(smartScreen)} save={saveScreen} />,
        },
        {
          key: 'programs',
          label: t('registry.programCards'),
          children: <CrudPage entity={programCard} columns={defaultColumns(programCard)} />,
        },
        {
          key: 'cameras',
          label: t('registry.cameras'),
          children: <CrudPage entity={camera} columns={defaultColumns(camera)} />,
        },
      ]}
    />
  );
}
