import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../components/BarChart';

/** One series of kWh per day. */
export type DailySeries = BarSeries;

const KWH_AXIS = { name: 'kWh' };

/** Electricity consumption per day as bars (one series) or stacked bars (several); loaded only through React.lazy. */
export default function DailyChart(props: { days: string[]; series: DailySeries[]; testId?: string }) {
  const days = useMemo(() => props.days.map((d) => d.slice(5)), [props.days]);
  return (
    <BarChart
      categories={days}
      series={props.series}
      stacked
      yAxis={KWH_AXIS}
      gridLeft={48}
      scrollLegend
      testId={props.testId ?? 'electricity-chart'}
    />
  );
}
