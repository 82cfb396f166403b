/**
 * The ECharts option of the load-profile chart, built from the plan's load (pure, so it is tested without a
 * canvas): one series per scenario — VUs as a step line on the left axis, open-model rates as a dashed line on the
 * right axis — and the total VUs when several closed-model scenarios overlap.
 */
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { PlanLoad } from './plan-load.ts';
import { timeText } from './summary.ts';

export type ChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Colours from the page's CSS variables, so the chart follows light and dark. */
export interface ChartColors {
  text: string;
  muted: string;
  border: string;
  total: string;
  palette: readonly string[];
}

export function chartOption(load: PlanLoad, colors: ChartColors, highlight?: string): ChartOption {
  const hasRate = load.scenarios.some((s) => s.draws === 'rate');
  const closed = load.scenarios.filter((s) => s.draws === 'vus');
  const series: LineSeriesOption[] = load.scenarios.map((s, i) => {
    const strong = highlight === undefined || highlight === s.name;
    const color = colors.palette[i % colors.palette.length] as string;
    return {
      type: 'line',
      name: s.draws === 'rate' ? `${s.name} (iterations/s)` : s.name,
      data: s.points,
      z: 3,
      yAxisIndex: s.draws === 'rate' ? 1 : 0,
      step: s.draws === 'vus' ? 'end' : false,
      showSymbol: false,
      color,
      lineStyle: {
        width: strong ? 2.5 : 1.25,
        type: s.draws === 'rate' ? 'dashed' : 'solid',
        opacity: strong ? 1 : 0.6,
      },
      ...(s.draws === 'vus' ? { areaStyle: { opacity: strong ? 0.18 : 0.06 } } : {}),
    };
  });
  if (closed.length > 1) {
    // Drawn below the scenarios: where one scenario is the whole load, its own line stays visible.
    series.push({
      type: 'line',
      name: 'Total VUs',
      data: load.total,
      step: 'end',
      showSymbol: false,
      color: colors.total,
      z: 2,
      lineStyle: { width: 2, type: 'dotted' },
    });
  }
  const axis = {
    axisLine: { lineStyle: { color: colors.border } },
    axisLabel: { color: colors.muted },
    splitLine: { lineStyle: { color: colors.border } },
    nameTextStyle: { color: colors.muted },
  };
  return {
    animation: false,
    grid: { left: 48, right: hasRate ? 56 : 20, top: 40, bottom: 28 },
    legend: { top: 0, textStyle: { color: colors.text }, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v)),
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: Math.max(load.endMs, 1000),
      ...axis,
      axisLabel: { color: colors.muted, formatter: (v: number) => timeText(v) },
    },
    yAxis: [
      { type: 'value', name: 'VUs', min: 0, minInterval: 1, ...axis },
      { type: 'value', name: 'iterations/s', min: 0, show: hasRate, ...axis, splitLine: { show: false } },
    ],
    series,
  };
}
