import { useMemo } from 'react';
import { BarChart } from '../../components/BarChart';

/** The monthly series a chart draws, with their labels and colours (by default the statistics' four). */
export interface ChartSeries<K extends string = 'faults' | 'alarms' | 'trapped' | 'powerCuts'> {
  key: K;
  label: string;
  color: string;
}

const COUNT_AXIS = { minInterval: 1 };

/**
 * Series per month as grouped bars (faults, alarms, trapped and power cuts; the call-elevator operations); loaded
 * only through React.lazy, so screens without a chart never load ECharts.
 */
export default function StatsChart(props: {
  months: readonly { month: string }[];
  series: readonly ChartSeries<string>[];
}) {
  const months = useMemo(() => props.months.map((m) => m.month), [props.months]);
  const series = useMemo(
    () =>
      props.series.map((s) => ({
        label: s.label,
        color: s.color,
        // each series' key is a count field of the months it is drawn with (React.lazy keeps no type parameter)
        values: props.months.map((m) => (m as unknown as Record<string, number>)[s.key] ?? 0),
      })),
    [props.months, props.series],
  );
  return <BarChart categories={months} series={series} yAxis={COUNT_AXIS} gridLeft={40} testId="statistics-chart" />;
}
