import type { MapItem } from './clusters';
import { worstState } from './clusters';
import type { StateCounts } from './clusters';
import { MARKER_COLORS, MARKER_STATES } from './markerState';

/** A group's circle grows with the number of lifts in it, in SVG units. */
const groupRadius = (count: number) => Math.min(32, 14 + Math.log10(count) * 5);

/** A ring around a group, split in arcs by how many of its lifts are in each state. */
function StateRing(props: { cx: number; cy: number; r: number; states: StateCounts; total: number }) {
  const length = 2 * Math.PI * props.r;
  let offset = 0;
  return (
    <g transform={`rotate(-90 ${props.cx} ${props.cy})`}>
      {MARKER_STATES.filter((s) => props.states[s] > 0).map((s) => {
        const arc = (props.states[s] / props.total) * length;
        const el = (
          <circle
            key={s}
            cx={props.cx}
            cy={props.cy}
            r={props.r}
            fill="none"
            stroke={MARKER_COLORS[s]}
            strokeWidth={5}
            strokeDasharray={`${arc} ${length - arc}`}
            strokeDashoffset={-offset}
          />
        );
        offset += arc;
        return el;
      })}
    </g>
  );
}

/**
 * Lifts and groups of lifts at their places on screen: a lift is a dot in its state's colour, a group a
 * circle with its count in the colour of its worst state (an alarm in it shows red at any zoom), ringed by
 * the share of its lifts in each state.
 */
export function MapItems(props: {
  items: readonly MapItem[];
  screen: (lon: number, lat: number) => [number, number] | null;
  selected: number | null;
  label: (id: number) => string;
  onLift: (id: number) => void;
  onGroup: (clusterId: number, lon: number, lat: number) => void;
}) {
  return (
    <g data-testid="map-items">
      {props.items.map((item) => {
        const at = props.screen(item.lon, item.lat);
        if (!at) return null;
        if (item.kind === 'lift')
          return (
            <circle
              key={`l${item.id}`}
              data-testid={`map-marker-${item.id}`}
              data-state={item.state}
              cx={at[0]}
              cy={at[1]}
              r={item.id === props.selected ? 9 : 7}
              fill={MARKER_COLORS[item.state]}
              stroke="#fff"
              strokeWidth={2}
              style={{ cursor: 'pointer' }}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => props.onLift(item.id)}
            >
              <title>{props.label(item.id)}</title>
            </circle>
          );
        const state = worstState(item.states);
        const r = groupRadius(item.count);
        return (
          <g
            key={`c${item.clusterId}`}
            data-testid="map-cluster"
            data-count={item.count}
            data-state={state}
            style={{ cursor: 'pointer' }}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => props.onGroup(item.clusterId, item.lon, item.lat)}
          >
            <StateRing cx={at[0]} cy={at[1]} r={r + 3} states={item.states} total={item.count} />
            <circle cx={at[0]} cy={at[1]} r={r} fill={MARKER_COLORS[state]} stroke="#fff" strokeWidth={1.5} />
            <text
              x={at[0]}
              y={at[1]}
              textAnchor="middle"
              dominantBaseline="central"
              fill="#fff"
              fontSize={item.count >= 1000 ? 13 : 14}
              fontWeight={600}
              style={{ pointerEvents: 'none' }}
            >
              {item.count}
            </text>
          </g>
        );
      })}
    </g>
  );
}
