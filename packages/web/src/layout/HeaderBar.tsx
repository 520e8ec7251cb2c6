import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from './LanguageSelector';
import { MuteToggle } from './MuteToggle';
import { OrgSelector } from './OrgSelector';
import { QrPopovers } from './QrPopovers';
import { UserMenu } from './UserMenu';
import { usePageTrail } from './usePageTrail';

export function HeaderBar(props: { collapsed: boolean; onToggle: () => void; restricted: boolean }) {
  const { t } = useTranslation();
  const trail = usePageTrail();
  return (
    // fixed at the top of the window while the page scrolls under it
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px',
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={8}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            data-testid="sidebar-toggle"
            aria-label={props.collapsed ? t('shell.expand') : t('shell.collapse')}
            icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={props.onToggle}
          />
          <Breadcrumb data-testid="breadcrumb" items={trail.map((title) => ({ title }))} />
        </Flex>
        <Flex align="center" gap={4}>
          {props.restricted ? null : <OrgSelector />}
          <LanguageSelector />
          <MuteToggle />
          <QrPopovers />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
