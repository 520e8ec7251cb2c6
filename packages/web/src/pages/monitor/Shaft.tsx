import { Card, Tag, Tooltip } from 'antd';
import { enumLabel, runtimeStatus, type ElevatorState } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';

const WIDTH = 160;
const SHAFT_X = 44;
const SHAFT_W = 76;
/** The tallest drawing; a floor gets between these heights. */
const MAX_HEIGHT = 520;
const ROW = { min: 14, max: 44 };
/** How far each door panel has slid open: closed, open, opening, closing. */
const DOOR_OPEN = [0, 1, 0.5, 0.5];
const DIRECTION = ['stopped', 'up', 'down'] as const;

/**
 * The shaft drawn to scale of its floors, the car at its floor (sliding there as reports arrive), its doors as
 * open as the report says, an arrow for its direction; below, every runtime flag of the spec's list, lit when the
 * gateway reports it.
 */
export function Shaft(props: { floors: number | null; state: ElevatorState | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const s = props.state;
  const floor = s?.floor ?? null;
  const floors = Math.max(props.floors ?? 0, floor ?? 0, 2);
  const row = Math.max(ROW.min, Math.min(ROW.max, MAX_HEIGHT / floors));
  const height = row * floors + 16;
  // floor 1 at the bottom; a floor outside the drawing (a basement, or no report) keeps the car at the bottom
  const carFloor = floor !== null && floor >= 1 ? floor : 1;
  const carY = 8 + (floors - carFloor) * row;
  const open = DOOR_OPEN[s?.door ?? 0] ?? 0;
  const panel = (SHAFT_W - 8) / 2;
  const slide = (panel - 2) * open;
  const direction = DIRECTION[s?.direction ?? 0] ?? 'stopped';
  const flags = new Set(s?.flags ?? []);
  return (
    <Card size="small" title={t('monitoring.shaft')} data-testid="shaft-card">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        style={{ width: WIDTH, display: 'block', margin: '0 auto' }}
        data-testid="shaft"
        data-floors={floors}
        data-floor={floor ?? ''}
        data-door={s?.door ?? ''}
        data-direction={direction}
        role="img"
        aria-label={floor === null ? t('monitoring.noState') : t('monitoring.car', { floor })}
      >
        <rect x={SHAFT_X} y={4} width={SHAFT_W} height={height - 8} fill="#f5f5f5" stroke="#8c8c8c" />
        {Array.from({ length: floors }, (_, i) => {
          const n = floors - i;
          const y = 8 + i * row;
          return (
            <g key={n}>
              <line x1={SHAFT_X} x2={SHAFT_X + SHAFT_W} y1={y + row} y2={y + row} stroke="#d9d9d9" />
              <text
                x={SHAFT_X - 8}
                y={y + row / 2 + 4}
                textAnchor="end"
                fontSize={Math.min(12, row - 2)}
                fill={n === floor ? '#1677ff' : '#8c8c8c'}
                fontWeight={n === floor ? 700 : 400}
              >
                {n}
              </text>
            </g>
          );
        })}
        <g data-testid="shaft-car" data-y={carY} className="shaft-car" style={{ transform: `translateY(${carY}px)` }}>
          <rect x={SHAFT_X + 2} y={0} width={SHAFT_W - 4} height={row} fill="#e6f4ff" stroke="#1677ff" rx={2} />
          <rect
            x={SHAFT_X + 4}
            y={2}
            width={panel - slide}
            height={row - 4}
            fill="#91caff"
            data-testid="shaft-door"
            data-open={open}
          />
          <rect x={SHAFT_X + 4 + panel + slide} y={2} width={panel - slide} height={row - 4} fill="#91caff" />
        </g>
        {direction === 'stopped' ? null : (
          <text
            x={SHAFT_X + SHAFT_W + 16}
            y={carY + row / 2 + 6}
            textAnchor="middle"
            fontSize={18}
            fill={s?.run ? '#52c41a' : '#8c8c8c'}
            data-testid="shaft-arrow"
          >
            {direction === 'up' ? '▲' : '▼'}
          </text>
        )}
      </svg>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 12 }} data-testid="runtime-flags">
        {runtimeStatus.options.map((o) => (
          <Tooltip key={o.code} title={enumLabel(runtimeStatus, o.code, language)}>
            <Tag
              color={flags.has(o.code) ? (o.code >= 8 ? 'red' : 'orange') : undefined}
              style={flags.has(o.code) ? undefined : { color: '#bfbfbf' }}
              data-testid={`flag-${o.code}`}
              data-on={flags.has(o.code)}
            >
              {enumLabel(runtimeStatus, o.code, language)}
            </Tag>
          </Tooltip>
        ))}
      </div>
    </Card>
  );
}
