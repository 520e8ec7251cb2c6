import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { APP_VERSION, serialLightAllowed } from '@liftcloud/client';
import { useConsole } from '../app/ConsoleContext';
import { logOutAndLeave } from '../boot/leaving';
import { reportError } from '../app/reportError';
import { authorizeSerialPort } from '../live/serialLight';
import { webSerial } from '../live/webSerial';
import { ACCOUNT_PATH } from '../routes/paths';

/** Account setting, serial port authorization (organisation 3034 or 0 only), logout with confirmation, version. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { client, session, orgId } = useConsole();

  const logout = () =>
    modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => logOutAndLeave(() => client.auth.logout()),
    });

  const authorizeSerial = async () => {
    if (!webSerial()) return void message.warning(t('shell.serialUnsupported'));
    try {
      if (await authorizeSerialPort()) message.success(t('shell.serialAuthorized'));
    } catch (error) {
      // The user closing the port chooser is not an error worth a message.
      if (!(error instanceof DOMException && error.name === 'NotFoundError')) reportError(error);
    }
  };

  const items: MenuProps['items'] = [
    { key: 'account', label: t('shell.account'), onClick: () => navigate(ACCOUNT_PATH) },
    ...(orgId !== null && serialLightAllowed(orgId)
      ? [{ key: 'serial', label: t('shell.serialAuth'), onClick: () => void authorizeSerial() }]
      : []),
    { key: 'logout', label: t('shell.logout'), onClick: logout },
    { type: 'divider' },
    { key: 'version', label: t('shell.version', { version: APP_VERSION }), disabled: true },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button type="text" data-testid="user-menu" icon={<UserOutlined />}>
        {session?.username} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
