import type { QueryClient } from '@tanstack/react-query';
import { allows, DEFAULT_PAGE_SIZE, type LiftCloudClient, type Page, type Session } from '@liftcloud/client';
import type { Row } from '../components/list/fieldColumns';
import { listPageKey } from '../components/list/listPageKey';
import { BUILT_MENU_SCREENS } from './mainScreens';
import { menuItemFor } from './PageAccess';
import { mustChangePasswordFirst } from './RouteGuard';

/**
 * Ask for the first page of the list the address opens with, as soon as the client exists, rather than once
 * the screen's code has arrived and rendered: on a cold start the answer is then in the query cache when the
 * list first renders, which draws its rows at once (B6, first rows). Only a plain first page (an address
 * without filters or page, whose query the screen is known to make) and only for a user the menu and the route guard let in, so
 * the request is never one the screen would not have made. The key is ListPage's own: the screen takes this
 * answer instead of asking again.
 */
export function requestFirstList(
  location: { pathname: string; search: string },
  session: Session | null,
  client: LiftCloudClient,
  queryClient: QueryClient,
): void {
  const list = BUILT_MENU_SCREENS[location.pathname]?.list;
  if (!list || !session || location.search.replace(/^\?/, '') !== '') return;
  // the guard sends such a session to account settings, and the server refuses the list until then
  if (mustChangePasswordFirst(session, location.pathname)) return;
  const item = menuItemFor(location.pathname);
  if (!item || !allows(session.username, session.auth, item.index)) return;
  const calls = client.entities[list.entity];
  const query = { ...list.fixed, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE };
  void queryClient.prefetchQuery({
    queryKey: listPageKey(calls.path, query),
    queryFn: () => calls.list(query) as Promise<Page<Row>>,
    // a failure is the screen's to show, when it asks again
    meta: { silent: true },
  });
}
