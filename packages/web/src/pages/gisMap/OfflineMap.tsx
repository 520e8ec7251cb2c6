import { geoMercator, geoPath } from 'd3-geo';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import type { Land } from './useLandOutline';
import { HOME, panBy, zoomAt, type View } from './mapView';

/** The SVG's own coordinate space; it scales to the width it is given. */
const WIDTH = 1000;
const HEIGHT = 620;
const PAD = 24;

export interface MapPoint {
  id: number;
  lon: number;
  lat: number;
  color: string;
  state: string;
  label: string;
}

export interface MapControls {
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
}

/**
 * A land outline in a Mercator projection fitted to an area, with markers that keep their size while the
 * map zooms (wheel, buttons) and pans (drag). `popup` renders beside the chosen marker.
 */
export function OfflineMap(props: {
  land: Land | undefined;
  area: [[number, number], [number, number]];
  points: readonly MapPoint[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  popup: (id: number, anchor: ReactNode) => ReactNode;
  controls: (controls: MapControls) => ReactNode;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>(HOME);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const { onSelect } = props;
  // Refit only when the area itself changes, not when a new array holds the same corners.
  const areaKey = props.area.flat().join(',');

  const projection = useMemo(() => {
    const [w, s, e, n] = areaKey.split(',').map(Number) as [number, number, number, number];
    return geoMercator().fitExtent(
      [
        [PAD, PAD],
        [WIDTH - PAD, HEIGHT - PAD],
      ],
      {
        type: 'MultiPoint',
        coordinates: [
          [w, s],
          [e, n],
        ],
      },
    );
  }, [areaKey]);
  const landPath = useMemo(() => (props.land ? (geoPath(projection)(props.land) ?? '') : ''), [projection, props.land]);
  useEffect(() => setView(HOME), [projection]);

  /** SVG units per CSS pixel: the SVG is drawn at whatever width its box has. */
  const unitsPerPixel = () => WIDTH / (svg.current?.getBoundingClientRect().width || WIDTH);

  // React's wheel listener is passive, so the page would scroll too: listen natively.
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const scale = WIDTH / box.width;
      const factor = e.deltaY < 0 ? 1.25 : 0.8;
      setView((v) => zoomAt(v, factor, (e.clientX - box.left) * scale, (e.clientY - box.top) * scale));
      onSelect(null);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [onSelect]);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || e.buttons !== 1) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 3) return;
    if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
    d.moved = true;
    const s = unitsPerPixel();
    setView((v) => panBy(v, dx * s, dy * s));
    drag.current = { x: e.clientX, y: e.clientY, moved: true };
    onSelect(null);
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const centre = (factor: number) => setView((v) => zoomAt(v, factor, WIDTH / 2, HEIGHT / 2));
  const screen = (p: MapPoint): [number, number] | null => {
    const xy = projection([p.lon, p.lat]);
    return xy ? [xy[0] * view.k + view.x, xy[1] * view.k + view.y] : null;
  };
  const chosen = props.points.find((p) => p.id === props.selected);
  const chosenAt = chosen ? screen(chosen) : null;

  return (
    <div style={{ position: 'relative', width: '100%' }}>
      <svg
        ref={svg}
        data-testid="gis-map-svg"
        data-zoom={view.k.toFixed(2)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: '100%', display: 'block', background: '#dceaf7', borderRadius: 8, cursor: 'grab' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <path d={landPath} fill="#f7f4ea" stroke="#9fb3c8" strokeWidth={0.8} vectorEffect="non-scaling-stroke" />
        </g>
        {props.points.map((p) => {
          const at = screen(p);
          if (!at) return null;
          return (
            <circle
              key={p.id}
              data-testid={`map-marker-${p.id}`}
              data-state={p.state}
              cx={at[0]}
              cy={at[1]}
              r={p.id === props.selected ? 9 : 7}
              fill={p.color}
              stroke="#fff"
              strokeWidth={2}
              style={{ cursor: 'pointer' }}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => props.onSelect(p.id)}
            >
              <title>{p.label}</title>
            </circle>
          );
        })}
      </svg>
      {chosen && chosenAt
        ? props.popup(
            chosen.id,
            <span
              style={{
                position: 'absolute',
                left: `${(chosenAt[0] / WIDTH) * 100}%`,
                top: `${(chosenAt[1] / HEIGHT) * 100}%`,
                width: 1,
                height: 1,
              }}
            />,
          )
        : null}
      <div style={{ position: 'absolute', bottom: 12, right: 12 }}>
        {props.controls({ zoomIn: () => centre(1.5), zoomOut: () => centre(1 / 1.5), reset: () => setView(HOME) })}
      </div>
    </div>
  );
}
