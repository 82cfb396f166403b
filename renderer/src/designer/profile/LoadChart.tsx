/**
 * The load-profile chart (ECharts, tree-shaken core: line chart, grid, tooltip, legend, canvas). Decorative for
 * assistive technology: LoadProfile gives the same information as a caption and a table.
 */
import { useEffect, useRef, useState } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
// echarts' `use` registers chart parts; renamed so it is not mistaken for a React hook.
import { init, use as registerChartParts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartOption, type ChartColors } from './chart-option.ts';
import type { PlanLoad } from './plan-load.ts';

registerChartParts([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE_VARS = ['--accent', '--good', '--warn', '--running', '--bad'];

function readColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--text', '#222'),
    muted: v('--muted', '#666'),
    border: v('--border', '#ddd'),
    total: v('--muted', '#666'),
    palette: PALETTE_VARS.map((n) => v(n, '#4f46e5')),
  };
}

/** Re-renders when the OS switches between light and dark, so the colours follow. */
function useColorScheme(): string {
  const query = '(prefers-color-scheme: dark)';
  const [scheme, setScheme] = useState(() => (matchMedia(query).matches ? 'dark' : 'light'));
  useEffect(() => {
    const m = matchMedia(query);
    const on = (): void => setScheme(m.matches ? 'dark' : 'light');
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return scheme;
}

export function LoadChart({ load, highlight }: { load: PlanLoad; highlight?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const scheme = useColorScheme();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a removed scenario must disappear, not linger from the previous option.
    chart.current?.setOption(chartOption(load, readColors(), highlight), { notMerge: true });
  }, [load, highlight, scheme]);

  return <div ref={box} className="load-chart" aria-hidden="true" />;
}
