import { App, Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useConsole } from '../app/ConsoleContext';
import { FeedbackBridge } from '../app/FeedbackBridge';
import { LiveChannel } from '../live/LiveChannel';
import { Notices } from '../notices/Notices';
import { HeaderBar } from './HeaderBar';
import { Sidebar } from './Sidebar';
import { SidebarLogo } from './SidebarLogo';

const COLLAPSED_KEY = 'liftcloud.sidebarCollapsed';

/** Sidebar, header and content (console-shell.md §2.2), with the notice polls and the live channel. */
export default function MainLayout() {
  const { session } = useConsole();
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
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} data-collapsed={collapsed}>
          <SidebarLogo collapsed={collapsed} />
          <Sidebar collapsed={collapsed} />
        </Layout.Sider>
        <Layout>
          <HeaderBar collapsed={collapsed} onToggle={toggle} restricted={restricted} />
          <Layout.Content style={{ padding: 16, overflow: 'auto' }}>
            <Outlet />
          </Layout.Content>
        </Layout>
        {restricted ? null : <Notices />}
        {restricted ? null : <LiveChannel />}
      </Layout>
    </App>
  );
}
