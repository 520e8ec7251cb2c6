import { useEffect, useRef } from 'react';
/** The monthly series a chart draws, with their labels and colours (by default the statistics' four). */
export interface ChartSeries<K extends string = 'faults' | 'alarms' | 'trapped' | 'powerCuts'> {
  key: K;
  label: string;
  color: string;
}

/**
 * Series per month as grouped bars (faults, alarms, trapped and power cuts; the call-elevator operations), drawn by ECharts. ECharts is imported here
 * only, and this module only through React.lazy, so it is a chunk of its own that screens without a chart never
 * load (README, dependency table).
 */
export default function StatsChart(props: {
  months: readonly { month: string }[];
  series: readonly ChartSeries<string>[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    void (async () => {
      const [core, charts, components, renderers] = await Promise.all([
        import('echarts/core'),
        import('echarts/charts'),
        import('echarts/components'),
        import('echarts/renderers'),
      ]);
      if (disposed || !box.current) return;
      core.use([
        charts.BarChart,
        components.GridComponent,
        components.LegendComponent,
        components.TooltipComponent,
        renderers.SVGRenderer,
      ]);
      const instance = core.init(box.current, undefined, { renderer: 'svg' });
      instance.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: props.months.map((m) => m.month) },
        yAxis: { type: 'value', minInterval: 1 },
        series: props.series.map((s) => ({
          type: 'bar',
          name: s.label,
          itemStyle: { color: s.color },
          // each series' key is a count field of the months it is drawn with (React.lazy keeps no type parameter)
          data: props.months.map((m) => (m as unknown as Record<string, number>)[s.key] ?? 0),
        })),
      });
      chart = instance;
      window.addEventListener('resize', onResize);
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [props.months, props.series]);
  return <div ref={box} style={{ width: '100%', height: 300 }} data-testid="statistics-chart" />;
}
