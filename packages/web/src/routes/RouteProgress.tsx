/**
 * The progress bar while a screen's chunk loads: rendered as the Suspense fallback of each route. A CSS
 * animation the compositor runs (styles.css, `.lc-route-progress`). nprogress, used before, read `offsetWidth`
 * at every step to restart its transition: each read laid the whole page out while the console was still
 * building it, about 80 ms of a cold load (B6, first rows).
 */
export function RouteProgress() {
  return <div className="lc-route-progress" role="progressbar" aria-label="loading" />;
}
