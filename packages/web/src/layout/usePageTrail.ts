import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MENU } from '@liftcloud/client';
import { useLocalized } from '../i18n/useLocalized';

/** The breadcrumb for the current path: the home pages, or a sidebar group and its page. */
export function usePageTrail(): string[] {
  const { t } = useTranslation();
  const localize = useLocalized();
  const { pathname } = useLocation();
  const home = t('shell.home');
  if (pathname === '/') return [home];
  if (pathname === '/account') return [home, t('shell.account')];
  if (pathname === '/publicNoticeMore') return [home, t('shell.announcements')];
  if (pathname.startsWith('/publicNoticeDetail/'))
    return [home, t('shell.announcements'), t('shell.announcementDetail')];
  for (const group of MENU) {
    const item = group.children.find((c) => c.path === pathname);
    if (item) return [localize(group.label), localize(item.label)];
  }
  return [home];
}
