import { Typography } from 'antd';
import { DEFAULT_SYSTEM_NAME, useBranding } from '../branding/useBranding';

/** The host's large logo and system name, or the small logo when the sidebar is collapsed. */
export function SidebarLogo(props: { collapsed: boolean }) {
  const branding = useBranding();
  const name = branding?.systemName || DEFAULT_SYSTEM_NAME;
  const logo = props.collapsed ? branding?.logoSmall : branding?.logoLarge;
  return (
    <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 12px' }}>
      {logo ? <img src={logo} alt={name} style={{ maxHeight: 40, maxWidth: '100%' }} /> : null}
      {!props.collapsed && !branding?.logoLarge ? (
        <Typography.Text strong ellipsis style={{ color: '#fff', fontSize: 16 }} data-testid="system-name">
          {name}
        </Typography.Text>
      ) : null}
    </div>
  );
}
