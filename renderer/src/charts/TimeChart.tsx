/**
 * A time-series line chart (ECharts, only the parts we use, canvas): x = seconds since the start, one line per
 * series. Long series are downsampled. The figure has a caption and a text summary for screen readers.
 */
import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { downsample, type Point } from './downsample.ts';
import './charts.css';

use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface Series { name: string; points: readonly Point[]; dashed?: boolean }

export interface TimeChartProps {
  title: string;
  /** Axis unit shown in the tooltip and the text summary: "req/s", "ms", "VUs", "%". */
  unit: string;
  series: readonly Series[];
  height?: number;
  /** Max points per series drawn (downsampled beyond). */
  maxPoints?: number;
  /** data-chart attribute, for tests. */
  id?: string;
}

const fmt = (v: number): string => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 100) / 100));

export function TimeChart({ title, unit, series, height = 220, maxPoints = 1200, id }: TimeChartProps) {
  const el = useRef<HTMLDivElement | null>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    const c = init(el.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = (): void => c.resize();
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); c.dispose(); chart.current = null; };
  }, []);

  useEffect(() => {
    chart.current?.setOption({
      backgroundColor: 'transparent',
      animation: false,
      grid: { left: 56, right: 16, top: 28, bottom: 28 },
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${fmt(v)} ${unit}` : '–') },
      xAxis: { type: 'value', name: 's', min: 0, axisLabel: { formatter: (v: number) => `${v}s` } },
      yAxis: { type: 'value', min: 0, axisLabel: { formatter: (v: number) => fmt(v) } },
      series: series.map((s) => ({
        name: s.name, type: 'line', showSymbol: false, connectNulls: false,
        lineStyle: s.dashed ? { type: 'dashed' } : undefined,
        data: downsample(s.points, maxPoints),
      })),
    }, { notMerge: true });
  }, [series, unit, maxPoints]);

  return (
    <figure className="time-chart" data-chart={id}>
      <figcaption>{title}</figcaption>
      <div ref={el} className="time-chart-canvas" style={{ height }} aria-hidden="true" />
      <p className="visually-hidden">{textSummary(title, unit, series)}</p>
    </figure>
  );
}

/** What a screen reader gets instead of the picture: per series the last and the peak value. */
function textSummary(title: string, unit: string, series: readonly Series[]): string {
  const parts = series.map((s) => {
    const vals = s.points.filter((p): p is readonly [number, number] => p[1] !== null);
    if (vals.length === 0) return `${s.name}: no data`;
    const last = vals[vals.length - 1] as readonly [number, number];
    const peak = vals.reduce((a, b) => (b[1] > a[1] ? b : a));
    return `${s.name}: now ${fmt(last[1])} ${unit}, peak ${fmt(peak[1])} ${unit} at ${peak[0]}s`;
  });
  return `${title}. ${parts.join('; ')}.`;
}
