import type { MapTileSource } from '@liftcloud/client';
import { geoMercator, geoPath } from 'd3-geo';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import type { LiftClusters } from './clusters';
import { kForWebZoom, webZoom, type MapFrame } from './mapFrame';
import { centreOn, HOME, panBy, zoomAt, type View } from './mapView';
import { MapItems } from './MapItems';
import { TileLayer } from './TileLayer';
import type { Land } from './useLandOutline';

/** The SVG's own coordinate space; it scales to the width it is given. */
const WIDTH = 1000;
const HEIGHT = 620;
const PAD = 24;
/** The deepest web-map zoom level without a tile source (street level: lifts of one block split). */
const OFFLINE_DEEPEST = 18;

export interface MapControls {
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
}

/** A place on the map as an absolutely placed 1 × 1 anchor, for a popover beside it. */
export type Anchor = (lon: number, lat: number) => ReactNode;

/**
 * The base map (a tile source's tiles over the offline land outline, which shows wherever tiles do not
 * load) in a Mercator projection fitted to an area, with lifts grouped by `clusters`, zooming (wheel,
 * buttons) and panning (drag). `popup` renders beside the chosen lift, `groupPopup` beside a group whose
 * lifts share one place.
 */
export function MapCanvas(props: {
  land: Land | undefined;
  tiles: MapTileSource | null;
  area: [[number, number], [number, number]];
  clusters: LiftClusters;
  where: (id: number) => { lon: number; lat: number; label: string } | undefined;
  selected: number | null;
  onSelect: (id: number | null) => void;
  popup: (id: number, anchor: Anchor) => ReactNode;
  groupPopup: (ids: number[], at: { lon: number; lat: number }, anchor: Anchor, close: () => void) => ReactNode;
  controls: (controls: MapControls) => ReactNode;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View>(HOME);
  const [pxPerUnit, setPxPerUnit] = useState(1);
  const [group, setGroup] = useState<{ ids: number[]; lon: number; lat: number } | null>(null);
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

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const measure = () => setPxPerUnit((el.getBoundingClientRect().width || WIDTH) / WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const fitted = { scale: projection.scale(), translate: projection.translate() as [number, number], pxPerUnit };
  const frame: MapFrame = { ...fitted, view };
  const deepest = props.tiles?.maxZoom ?? OFFLINE_DEEPEST;
  // up to the middle of the deepest level: tiles round to it, clusters floor to it
  const maxK = Math.max(1, kForWebZoom(fitted, deepest + 0.5));
  const maxKRef = useRef(maxK);
  maxKRef.current = maxK;

  // React's wheel listener is passive, so the page would scroll too: listen natively.
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const scale = WIDTH / box.width;
      const factor = e.deltaY < 0 ? 1.25 : 0.8;
      setView((v) => zoomAt(v, factor, (e.clientX - box.left) * scale, (e.clientY - box.top) * scale, maxKRef.current));
      setGroup(null);
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
    setView((v) => panBy(v, dx / pxPerUnit, dy / pxPerUnit));
    drag.current = { x: e.clientX, y: e.clientY, moved: true };
    setGroup(null);
    onSelect(null);
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const centre = (factor: number) => setView((v) => zoomAt(v, factor, WIDTH / 2, HEIGHT / 2, maxK));
  const screen = (lon: number, lat: number): [number, number] | null => {
    const xy = projection([lon, lat]);
    return xy ? [xy[0] * view.k + view.x, xy[1] * view.k + view.y] : null;
  };
  const corner = (sx: number, sy: number) => projection.invert!([(sx - view.x) / view.k, (sy - view.y) / view.k])!;
  // half a screen beyond each edge too: a drag shows what was just outside at once
  const [west, north] = corner(-WIDTH / 2, -HEIGHT / 2);
  const [east, south] = corner(WIDTH * 1.5, HEIGHT * 1.5);
  const zoom = webZoom(frame);
  const box: [number, number, number, number] = [
    Math.max(-180, west),
    Math.max(-85, south),
    Math.min(180, east),
    Math.min(85, north),
  ];
  const items = props.clusters.itemsIn(box, zoom);

  const openGroup = (clusterId: number, lon: number, lat: number) => {
    const splitsAt = props.clusters.expansionZoom(clusterId);
    if (splitsAt <= deepest) {
      const [px, py] = projection([lon, lat])!;
      // to where it splits, and at least one level in, so every click on a group visibly zooms
      const k = kForWebZoom(fitted, Math.max(splitsAt, zoom + 1));
      setView(centreOn(px, py, Math.min(maxK, k), WIDTH, HEIGHT));
      return;
    }
    onSelect(null);
    setGroup({ ids: props.clusters.liftsOf(clusterId, 100), lon, lat });
  };
  const anchor: Anchor = (lon, lat) => {
    const at = screen(lon, lat) ?? [0, 0];
    return (
      <span
        style={{
          position: 'absolute',
          left: `${(at[0] / WIDTH) * 100}%`,
          top: `${(at[1] / HEIGHT) * 100}%`,
          width: 1,
          height: 1,
        }}
      />
    );
  };
  const chosen = props.selected === null ? undefined : props.where(props.selected);

  return (
    <div style={{ position: 'relative', width: '100%', overflow: 'hidden', borderRadius: 8 }}>
      <svg
        ref={svg}
        data-testid="gis-map-svg"
        data-zoom={view.k.toFixed(2)}
        data-web-zoom={zoom.toFixed(2)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: '100%', display: 'block', background: '#dceaf7', cursor: 'grab' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
      >
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          <path d={landPath} fill="#f7f4ea" stroke="#9fb3c8" strokeWidth={0.8} vectorEffect="non-scaling-stroke" />
        </g>
        {props.tiles ? <TileLayer source={props.tiles} frame={frame} width={WIDTH} height={HEIGHT} /> : null}
        <MapItems
          items={items}
          screen={screen}
          selected={props.selected}
          label={(id) => props.where(id)?.label ?? String(id)}
          onLift={(id) => {
            setGroup(null);
            onSelect(id);
          }}
          onGroup={openGroup}
        />
      </svg>
      {chosen ? props.popup(props.selected!, anchor) : null}
      {group ? props.groupPopup(group.ids, group, anchor, () => setGroup(null)) : null}
      {props.tiles?.attribution ? (
        <div
          data-testid="map-attribution"
          style={{
            position: 'absolute',
            left: 0,
            bottom: 0,
            padding: '1px 6px',
            fontSize: 11,
            background: 'rgba(255,255,255,0.8)',
            borderTopRightRadius: 4,
          }}
        >
          {props.tiles.attribution}
        </div>
      ) : null}
      <div style={{ position: 'absolute', bottom: 12, right: 12 }}>
        {props.controls({ zoomIn: () => centre(1.5), zoomOut: () => centre(1 / 1.5), reset: () => setView(HOME) })}
      </div>
    </div>
  );
}
