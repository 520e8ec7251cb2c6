/** Pan and zoom of the map: a screen point is `p * k + (x, y)` in the SVG's own units. */
export interface View {
  k: number;
  x: number;
  y: number;
}

export const HOME: View = { k: 1, x: 0, y: 0 };
export const MIN_ZOOM = 1;

/** Zoom by a factor around a point that stays where it is on the screen, up to `maxK`. */
export function zoomAt(view: View, factor: number, cx: number, cy: number, maxK: number): View {
  const k = Math.min(maxK, Math.max(MIN_ZOOM, view.k * factor));
  const ratio = k / view.k;
  return { k, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio };
}

export const panBy = (view: View, dx: number, dy: number): View => ({ ...view, x: view.x + dx, y: view.y + dy });

/** The view that shows a point of the fitted map (in SVG units at zoom 1) at the centre, at zoom `k`. */
export const centreOn = (px: number, py: number, k: number, width: number, height: number): View => ({
  k,
  x: width / 2 - px * k,
  y: height / 2 - py * k,
});
