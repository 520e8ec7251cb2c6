import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu, type MenuItem } from '@liftcloud/client';
import { useLocalized } from '../i18n/useLocalized';
import { GROUP_ICONS } from './groupIcons';
import { useMenuContext } from './useMenuContext';

type Items = NonNullable<MenuProps['items']>;

/** The sidebar of §2.2 after the menu rules of §6: a group with one visible page shows as that page. */
export function Sidebar(props: { collapsed: boolean }) {
  const ctx = useMenuContext();
  const localize = useLocalized();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = ctx ? visibleMenu(ctx) : [];

  const byPath = new Map<string, MenuItem>(groups.flatMap((g) => g.children.map((c) => [c.path, c])));
  const items: Items = groups.map(({ group, children, single }) => {
    const first = children[0];
    const icon = GROUP_ICONS[group.key];
    if (single && first)
      return { key: first.path, icon, label: localize(first.label), 'data-testid': `menu-${first.path}` };
    return {
      key: `group:${group.key}`,
      icon,
      label: localize(group.label),
      children: children.map((c) => ({ key: c.path, label: localize(c.label), 'data-testid': `menu-${c.path}` })),
    };
  });
  const openGroup = groups.find((g) => !g.single && g.children.some((c) => c.path === pathname))?.group.key;

  return (
    <Menu
      mode="inline"
      theme="dark"
      data-testid="sidebar"
      selectedKeys={[pathname]}
      defaultOpenKeys={openGroup && !props.collapsed ? [`group:${openGroup}`] : []}
      items={items}
      onClick={({ key }) => {
        const item = byPath.get(key);
        if (item?.newPage) window.open(item.path, '_blank', 'noopener');
        else navigate(key);
      }}
    />
  );
}
