import type { MonitoringOverview } from '@liftcloud/client';

const WIDTH = 640;
const HEIGHT = 260;
const LEFT = 36;
const BOTTOM = 28;
const TOP = 16;

export const CHART_COLORS = { alarms: '#ff4d4f', faults: '#faad14' } as const;

/** A round axis top at or above the largest value: 1, 2, 5 times a power of ten. */
export function axisTop(max: number): number {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

/** Alarms and faults per day for the last seven days, as paired bars in plain SVG. */
export function DailyChart(props: { days: MonitoringOverview['days']; labels: { alarms: string; faults: string } }) {
  const top = axisTop(Math.max(0, ...props.days.flatMap((d) => [d.alarms, d.faults])));
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, props.days.length);
  const bar = Math.min(22, slot / 3);
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const ticks = [0, top / 2, top].filter(Number.isInteger);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} style={{ width: '100%', display: 'block' }} data-testid="kanban-chart">
      {ticks.map((v) => (
        <g key={v}>
          <line x1={LEFT} x2={WIDTH} y1={y(v)} y2={y(v)} stroke="#2a3a55" />
          <text x={LEFT - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="#8fa3bf">
            {v}
          </text>
        </g>
      ))}
      {props.days.map((d, i) => {
        const x = LEFT + i * slot + slot / 2;
        return (
          <g key={d.date} data-testid={`kanban-day-${d.date}`} data-alarms={d.alarms} data-faults={d.faults}>
            <rect x={x - bar - 2} y={y(d.alarms)} width={bar} height={y(0) - y(d.alarms)} fill={CHART_COLORS.alarms}>
              <title>{`${d.date} ${props.labels.alarms}: ${d.alarms}`}</title>
            </rect>
            <rect x={x + 2} y={y(d.faults)} width={bar} height={y(0) - y(d.faults)} fill={CHART_COLORS.faults}>
              <title>{`${d.date} ${props.labels.faults}: ${d.faults}`}</title>
            </rect>
            <text x={x} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="#8fa3bf">
              {d.date.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
