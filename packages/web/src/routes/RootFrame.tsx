import { Outlet } from 'react-router-dom';
import { BrandingEffect } from '../branding/BrandingEffect';
import { RouteGuard } from './RouteGuard';

/** Around every route: branding by host name and the login guard. */
export function RootFrame() {
  return (
    <>
      <BrandingEffect />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </>
  );
}
