/** The per-request breakdown: one row per request name and scenario. */
import { stripVTControlCharacters } from 'node:util';
import type { Summary } from '../metrics/summary.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate, type Paint } from './format.ts';
import { percentileColumns, statText } from './trend-values.ts';

/** p(50), p(95), p(99) and max per request, and any further percentile summaryTrendStats chose (p(99.9)). */
export function requestTable(s: Summary, p: Paint): string[] {
  const multiScenario = new Set(s.requests.map((r) => r.scenario)).size > 1;
  const percentiles = percentileColumns(s, [50, 95, 99]);
  const rows = s.requests.map((r) => [
    multiScenario ? `${r.name} (${r.scenario})` : r.name,
    fmtCount(r.count),
    fmtRate(r.rate),
    ...percentiles.map((stat) => statText(r.duration, stat)),
    fmtMs(r.duration.max),
    r.failed > 0 ? p.red(fmtPct(r.failedRate)) : fmtPct(r.failedRate),
  ]);
  const head = ['request', 'count', 'rate', ...percentiles.map((stat) => stat.label), 'max', 'failed'];
  const visible = (x: string): number => stripVTControlCharacters(x).length;
  const widths = head.map((h, i) => Math.max(visible(h), ...rows.map((r) => visible(r[i] as string))));
  const fmt = (cells: string[]): string =>
    `    ${cells.map((c, i) => (i === 0 ? c + ' '.repeat((widths[i] as number) - visible(c)) : ' '.repeat((widths[i] as number) - visible(c)) + c)).join('  ')}`;
  return [p.dim(fmt(head)), ...rows.map(fmt)];
}
