import type { ReactNode } from 'react';
import { MENU, itemVisible, type MenuItem } from '@liftcloud/client';
import { lazyScreen } from './lazyScreen';
import { useMenuContext } from '../layout/useMenuContext';

const NoPermission = lazyScreen(() => import('../components/NoPermission'));

const ITEMS_BY_PATH = new Map<string, MenuItem>(
  MENU.flatMap((group) => group.children.map((item) => [item.path, item])),
);

export const menuItemFor = (path: string): MenuItem | undefined => ITEMS_BY_PATH.get(path);

/** A sidebar page opened by URL still needs the permission that would have shown it in the menu. */
export function PageAccess(props: { path: string; children: ReactNode }) {
  const ctx = useMenuContext();
  const item = menuItemFor(props.path);
  if (item && ctx && !itemVisible(item, ctx)) return <NoPermission />;
  return props.children;
}
