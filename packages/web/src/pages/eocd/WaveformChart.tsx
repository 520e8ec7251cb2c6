import { useEffect, useRef } from 'react';

export interface WaveformSeries {
  name: string;
  /** [seconds, m/s²] points. */
  data: [number, number][];
  color: string;
}

/**
 * A line chart of a run's samples. ECharts (only the line chart and the parts it uses) is imported here, when
 * the chart first renders, so it lands in a chunk of its own that no other page downloads.
 */
export function WaveformChart({ series, height = 320 }: { series: WaveformSeries[]; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    void Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]).then(([core, charts, components, renderers]) => {
      if (disposed || !el.current) return;
      core.use([
        charts.LineChart,
        components.GridComponent,
        components.LegendComponent,
        components.TooltipComponent,
        components.DataZoomComponent,
        renderers.CanvasRenderer,
      ]);
      const c = core.init(el.current);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 50, right: 20, top: 30, bottom: 50 },
        xAxis: { type: 'value', name: 's' },
        yAxis: { type: 'value', name: 'm/s²', scale: true },
        dataZoom: [{ type: 'inside' }, { type: 'slider' }],
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1 },
          color: s.color,
          data: s.data,
        })),
      });
      el.current.dataset.state = 'ready';
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [series]);
  return (
    <div
      ref={el}
      style={{ width: '100%', height }}
      data-testid="waveform-chart"
      data-state="loading"
      data-series={series.map((s) => s.name).join('|')}
    />
  );
}
