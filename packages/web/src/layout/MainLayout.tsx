import { App, Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useConsole } from '../app/ConsoleContext';
import { FeedbackBridge } from '../app/FeedbackBridge';
import { LiveChannel } from '../live/LiveChannel';
import { Notices } from '../notices/Notices';
import { OtaNotices } from '../notices/OtaNotices';
import { HeaderBar } from './HeaderBar';
import { Sidebar } from './Sidebar';
import { SidebarLogo } from './SidebarLogo';

const COLLAPSED_KEY = 'liftcloud.sidebarCollapsed';
const SIDER_WIDTH = 220;
const SIDER_WIDTH_IT = 260;

/** Sidebar, header and content (console-shell.md §2.2), with the notice polls and the live channel. */
export default function MainLayout() {
  const { session, language } = useConsole();
  // Until a reset password is changed the server answers nothing but account calls: no polls, no channel.
  const restricted = session?.mustChangePassword === true;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return (
    // notices open below the header, not over its selectors
    <App notification={{ top: 72 }}>
      <FeedbackBridge />
      <Layout style={{ minHeight: '100vh' }}>
        {/* The sider stays in the window (as ant-design-pro's): the page scrolls beside it, the menu within it. */}
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          // Italian menu labels are the longest (Registro operazioni, Gestione ascensori…): a wider sider keeps them whole
          width={language === 'it-Italy' ? SIDER_WIDTH_IT : SIDER_WIDTH}
          data-collapsed={collapsed}
          style={{ position: 'sticky', top: 0, height: '100vh', zIndex: 11 }}
        >
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <SidebarLogo collapsed={collapsed} />
            <div data-testid="sidebar-scroll" style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
              <Sidebar collapsed={collapsed} />
            </div>
          </div>
        </Layout.Sider>
        <Layout>
          <HeaderBar collapsed={collapsed} onToggle={toggle} restricted={restricted} />
          <Layout.Content style={{ padding: 16, minWidth: 0 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
        {restricted ? null : <Notices />}
        {restricted ? null : <OtaNotices />}
        {restricted ? null : <LiveChannel />}
      </Layout>
    </App>
  );
}
