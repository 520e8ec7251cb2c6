import { tileUrl, type MapTileSource } from '@liftcloud/client';
import { useState } from 'react';
import { tilesInView, type MapFrame } from './mapFrame';

/**
 * The tile source's tiles over the screen, as SVG images. A tile that fails to load (no internet on a
 * private network, a provider down) is left out, and the offline land outline beneath shows instead.
 */
export function TileLayer(props: { source: MapTileSource; frame: MapFrame; width: number; height: number }) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const tiles = tilesInView(props.frame, props.width, props.height, props.source.maxZoom);
  return (
    <g data-testid="map-tiles" data-failed={failed.size}>
      {tiles.map((t) => {
        const href = tileUrl(props.source, t.z, t.x, t.y);
        if (failed.has(href)) return null;
        return (
          <image
            key={href}
            href={href}
            data-testid="map-tile"
            data-tile={`${t.z}/${t.x}/${t.y}`}
            x={t.left}
            y={t.top}
            // a hair wider, so no seam shows between neighbours at fractional zoom
            width={t.size + 0.5}
            height={t.size + 0.5}
            preserveAspectRatio="none"
            onLoad={(e) => e.currentTarget.setAttribute('data-loaded', 'true')}
            onError={() => setFailed((prev) => new Set(prev).add(href))}
          />
        );
      })}
    </g>
  );
}
