import { useEffect, useRef } from 'react';

/** One series of bars: a value per category. */
export interface BarSeries {
  label: string;
  values: number[];
  color?: string;
}

/**
 * Bars per category drawn by ECharts (SVG, no animation), resized with the window. ECharts is imported here only
 * and the charts that use this are loaded through React.lazy, so screens without a chart never download it
 * (README, dependency table).
 */
export function BarChart(props: {
  categories: string[];
  series: BarSeries[];
  /** Stack the series (one bar of several parts) instead of grouping them side by side. */
  stacked?: boolean;
  yAxis?: { name?: string; minInterval?: number };
  gridLeft: number;
  /** A legend that scrolls when the series do not fit on one line. */
  scrollLegend?: boolean;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { categories, series, stacked, yAxis, gridLeft, scrollLegend } = props;
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
        legend: scrollLegend ? { top: 0, type: 'scroll' } : { top: 0 },
        grid: { left: gridLeft, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: categories },
        yAxis: { type: 'value', ...yAxis },
        series: series.map((s) => ({
          type: 'bar',
          name: s.label,
          ...(stacked ? { stack: 'total' } : {}),
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
  }, [categories, series, stacked, yAxis, gridLeft, scrollLegend]);
  return <div ref={box} style={{ width: '100%', height: 300 }} data-testid={props.testId} />;
}
