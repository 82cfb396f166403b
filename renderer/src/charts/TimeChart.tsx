/**
 * A time-series line chart (ECharts, only the parts we use, canvas): x = seconds since the start, one line per
 * series. Long series are downsampled. The figure has a caption and a text summary for screen readers.
 * Memoised: a chart redraws only when its series (or options) change, so a live page can re-render every second
 * without redrawing charts whose data did not move. Legend choices (hidden series) survive redraws.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
// echarts' `use` registers chart parts; renamed so it is not mistaken for a React hook.
import { init, use as registerChartParts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { downsample, type Point } from './downsample.ts';
import './charts.css';

registerChartParts([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface Series {
  name: string;
  points: readonly Point[];
  dashed?: boolean;
  /** Draw as steps (levels that jump, e.g. VUs). */
  step?: boolean;
  /** A fixed colour (CSS), e.g. a muted one for a limit line; default: the palette's next. */
  color?: string;
}

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
  /** Fixed top of the y axis (e.g. 100 for percentages); default: fit the data. */
  yMax?: number;
}

/** Axis labels in seconds, minutes or hours, by the run's length. */
const fmtSeconds = (v: number): string =>
  v < 120 ? `${v}s` : v < 7200 ? `${Math.round((v / 60) * 10) / 10}m` : `${Math.round((v / 3600) * 10) / 10}h`;
/** A round step for the time axis: about six labels whatever the length (1s … 1h). */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400];
const timeStep = (series: readonly Series[]): number => {
  const end = Math.max(0, ...series.map((s) => s.points.at(-1)?.[0] ?? 0));
  return STEPS.find((step) => end / step <= 8) ?? (STEPS.at(-1) as number);
};
const fmt = (v: number): string =>
  Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 100) / 100);

function TimeChartImpl({ title, unit, series, height = 220, maxPoints = 1200, id, yMax }: TimeChartProps) {
  const el = useRef<HTMLDivElement | null>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    const c = init(node, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = (): void => c.resize();
    // The container changes size with the window and with the layout (sidebar, panels).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    observer?.observe(node);
    window.addEventListener('resize', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        animation: false,
        grid: { left: 56, right: 16, top: 28, bottom: 28 },
        legend: { top: 0, type: 'scroll' },
        tooltip: {
          trigger: 'axis',
          valueFormatter: (v: unknown) => (typeof v === 'number' ? `${fmt(v)} ${unit}` : '–'),
        },
        xAxis: {
          type: 'value',
          min: 0,
          max: 'dataMax',
          interval: timeStep(series),
          name: 'time',
          nameGap: 4,
          axisLabel: { formatter: fmtSeconds, showMaxLabel: false },
        },
        yAxis: {
          type: 'value',
          min: 0,
          ...(yMax !== undefined ? { max: yMax } : {}),
          name: unit,
          nameGap: 8,
          nameTextStyle: { align: 'right' },
          axisLabel: { formatter: (v: number) => fmt(v) },
        },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          showSymbol: false,
          connectNulls: false,
          ...(s.step ? { step: 'end' } : {}),
          lineStyle:
            s.dashed || s.color
              ? { ...(s.dashed ? { type: 'dashed' } : {}), ...(s.color ? { color: s.color } : {}) }
              : undefined,
          ...(s.color ? { itemStyle: { color: s.color } } : {}),
          data: downsample(s.points, maxPoints),
        })),
      },
      { replaceMerge: ['series'] },
    );
  }, [series, unit, maxPoints, yMax]);

  const summary = useMemo(() => textSummary(title, unit, series), [title, unit, series]);
  const lastX = series[0]?.points.at(-1)?.[0];
  return (
    <figure
      className="time-chart"
      data-chart={id}
      data-points={series.map((s) => s.points.length).join(',')}
      data-last-x={lastX ?? ''}
    >
      <figcaption>{title}</figcaption>
      <div ref={el} className="time-chart-canvas" style={{ height }} aria-hidden="true" />
      <p className="visually-hidden">{summary}</p>
    </figure>
  );
}

/**
 * The chart, re-rendered only when a prop changes. The figure carries `data-points` (each series' point count,
 * before downsampling, comma-separated) and `data-last-x` (the first series' last x), for tests.
 */
export const TimeChart = memo(TimeChartImpl);

/** What a screen reader gets instead of the picture: per series the last and the peak value. */
function textSummary(title: string, unit: string, series: readonly Series[]): string {
  const parts = series.map((s) => {
    let last: readonly [number, number] | undefined;
    let peak: readonly [number, number] | undefined;
    for (const p of s.points) {
      if (p[1] === null) continue;
      const v = p as readonly [number, number];
      last = v;
      if (!peak || v[1] > peak[1]) peak = v;
    }
    if (!last || !peak) return `${s.name}: no data`;
    return `${s.name}: now ${fmt(last[1])} ${unit}, peak ${fmt(peak[1])} ${unit} at ${fmtSeconds(Math.round(peak[0] * 10) / 10)}`;
  });
  return `${title}. ${parts.join('; ')}.`;
}
