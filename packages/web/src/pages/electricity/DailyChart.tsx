import { useEffect, useRef } from 'react';

/** One series of kWh per day. */
export interface DailySeries {
  label: string;
  values: number[];
  color?: string;
}

/**
 * Electricity consumption per day as bars (one series) or stacked bars (several), drawn by ECharts; loaded
 * only through React.lazy, as the other statistics charts (README, dependency table).
 */
export default function DailyChart(props: { days: string[]; series: DailySeries[]; testId?: string }) {
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
        legend: { top: 0, type: 'scroll' },
        grid: { left: 48, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: props.days.map((d) => d.slice(5)) },
        yAxis: { type: 'value', name: 'kWh' },
        series: props.series.map((s) => ({
          type: 'bar',
          name: s.label,
          stack: 'kwh',
          ...(s.color ? { itemStyle: { color: s.color } } : {}),
          data: s.values,
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
  }, [props.days, props.series]);
  return <div ref={box} style={{ width: '100%', height: 300 }} data-testid={props.testId ?? 'electricity-chart'} />;
}
