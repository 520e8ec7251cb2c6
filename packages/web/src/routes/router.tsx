import { createBrowserRouter } from 'react-router-dom';
import { MENU } from '@liftcloud/client';
import { lazyScreen } from './lazyScreen';
import { BUILT_MENU_SCREENS, HOME_SCREENS } from './mainScreens';
import { PageAccess } from './PageAccess';
import { LOGIN_PATH } from './paths';
import { RootFrame } from './RootFrame';
import { screen } from './Screen';
import { STANDALONE_ROUTES } from './standaloneRoutes';

const Login = lazyScreen(() => import('../pages/login/LoginPage'));
const MainLayout = lazyScreen(() => import('../layout/MainLayout'));
const NotAvailable = lazyScreen(() => import('../components/NotAvailable'));
const NotFound = lazyScreen(() => import('../components/NotFound'));

/** Sidebar pages that live in the main layout (new-page items are standalone routes). */
const MENU_PATHS = [...new Set(MENU.flatMap((g) => g.children.filter((c) => !c.newPage).map((c) => c.path)))];

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootFrame />,
      children: [
        { path: LOGIN_PATH, element: screen(LOGIN_PATH, <Login />) },
        ...STANDALONE_ROUTES.map((route) => ({ path: route.path, element: screen(route.path, <NotAvailable />) })),
        {
          element: screen('layout', <MainLayout />),
          children: [
            ...Object.entries(HOME_SCREENS).map(([path, element]) => ({ path, element: screen(path, element) })),
            ...MENU_PATHS.map((path) => ({
              path,
              element: screen(
                path,
                <PageAccess path={path}>{BUILT_MENU_SCREENS[path] ?? <NotAvailable />}</PageAccess>,
              ),
            })),
          ],
        },
        { path: '*', element: screen('*', <NotFound />) },
      ],
    },
  ]);
}
