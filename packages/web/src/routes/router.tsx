import { createBrowserRouter, matchRoutes, useNavigate, type RouteObject } from 'react-router-dom';
import { MENU } from '@liftcloud/client';
import { GoOnContext } from '../pages/login/goOn';
import { lazyScreen, type Preloadable } from './lazyScreen';
import { BUILT_MENU_SCREENS, BUILT_STANDALONE_SCREENS, HOME_SCREENS, type ScreenEntry } from './mainScreens';
import { PageAccess } from './PageAccess';
import { LOGIN_PATH } from './paths';
import { RootFrame } from './RootFrame';
import { screen } from './Screen';
import { STANDALONE_ROUTES } from './standaloneRoutes';

const Login = lazyScreen(() => import('../pages/login/LoginPage'));
const MainLayout = lazyScreen(() => import('../layout/MainLayout'));
const NotAvailable = lazyScreen(() => import('../components/NotAvailable'));
const NotFound = lazyScreen(() => import('../components/NotFound'));

/** The login page reached inside the console (a guard's redirect): it goes on through the router. */
function RoutedLogin() {
  const navigate = useNavigate();
  return (
    <GoOnContext.Provider value={(path) => void navigate(path, { replace: true })}>
      <Login />
    </GoOnContext.Provider>
  );
}

/** Sidebar pages that live in the main layout (new-page items are standalone routes). */
const MENU_PATHS = [...new Set(MENU.flatMap((g) => g.children.filter((c) => !c.newPage).map((c) => c.path)))];

interface RouteHandle {
  preload: () => Promise<unknown>;
}

const route = (
  path: string | undefined,
  element: ScreenEntry['element'],
  loads: Preloadable,
  children?: RouteObject[],
) =>
  ({ path, element: screen(path ?? 'layout', element), handle: { preload: loads.preload }, children }) as RouteObject;

const notAvailable: ScreenEntry = { element: <NotAvailable />, preload: NotAvailable.preload };

const ROUTES: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      route(LOGIN_PATH, <RoutedLogin />, Login),
      ...STANDALONE_ROUTES.map((r) => {
        const entry = BUILT_STANDALONE_SCREENS[r.path] ?? notAvailable;
        return route(r.path, entry.element, entry);
      }),
      route(undefined, <MainLayout />, MainLayout, [
        ...Object.entries(HOME_SCREENS).map(([path, entry]) => route(path, entry.element, entry)),
        ...MENU_PATHS.map((path) => {
          const entry = BUILT_MENU_SCREENS[path] ?? notAvailable;
          return route(path, <PageAccess path={path}>{entry.element}</PageAccess>, entry);
        }),
      ]),
      route('*', <NotFound />, NotFound),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(ROUTES);
}

/** Start downloading the screens an address will show (layout and page at once, not one after the other). */
export function preloadScreensFor(pathname: string): void {
  for (const match of matchRoutes(ROUTES, pathname) ?? [])
    void (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
}
