import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import { chartOption } from './chart-option.ts';
import { planLoad } from './plan-load.ts';

const colors = { text: 't', muted: 'm', border: 'b', total: 'T', palette: ['p0', 'p1'] };
const req = { request: { url: '/' } };
const doc = {
  scenarios: {
    a: { executor: 'constant-vus', vus: 2, duration: '10s', steps: [req] },
    b: { executor: 'ramping-vus', stages: [{ duration: '4s', target: 3 }], steps: [req] },
    o: { executor: 'constant-arrival-rate', rate: 5, duration: '20s', preAllocatedVUs: 2, steps: [req] },
  },
};

describe('load chart option', () => {
  it('draws one series per scenario and the total, VUs as steps and rates on the right axis', () => {
    const option = chartOption(planLoad(doc), colors, 'b');
    const series = option.series as LineSeriesOption[];
    expect(series.map((s) => s.name)).toEqual(['a', 'b', 'o (iterations/s)', 'Total VUs']);
    expect(series.map((s) => s.step)).toEqual(['end', 'end', false, 'end']);
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 0, 1, undefined]);
    expect(series[1]?.lineStyle?.width).toBeGreaterThan(series[0]?.lineStyle?.width as number);
    expect(series[3]?.data).toEqual(planLoad(doc).total);
    expect((option.yAxis as { show?: boolean }[])[1]?.show).toBe(true);
  });

  it('has no total for a single scenario and hides the rate axis without open-model scenarios', () => {
    const option = chartOption(planLoad({ scenarios: { a: doc.scenarios.a } }), colors);
    expect((option.series as LineSeriesOption[]).map((s) => s.name)).toEqual(['a']);
    expect((option.yAxis as { show?: boolean }[])[1]?.show).toBe(false);
  });
});
