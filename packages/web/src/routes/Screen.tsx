import { Suspense, type ReactNode } from 'react';
import { RouteProgress } from './RouteProgress';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

/**
 * One route's screen: its own error boundary and Suspense boundary, keyed by path so each navigation mounts
 * a new boundary and the progress bar shows while the chunk loads.
 */
export function screen(path: string, element: ReactNode): ReactNode {
  return (
    <ScreenErrorBoundary key={path}>
      <Suspense fallback={<RouteProgress />}>{element}</Suspense>
    </ScreenErrorBoundary>
  );
}
