/** The verdict tables: thresholds (what decided passed/failed) and checks, grouped by where they ran. */
import type { Summary } from '../../metrics/summary.ts';
import { fmtCount, fmtPct } from '../format.ts';
import { h, mark, raw, rows, section, table, thead, type Column } from './html.ts';
import { observedText } from '../threshold-value.ts';

/** Thresholds: ✓/✗, metric, expression and the observed value as the CLI prints it. */
export function thresholdsHtml(s: Summary): string {
  if (s.thresholds.length === 0)
    return section('thresholds', 'Thresholds', '<p class="empty">This plan has no thresholds.</p>');
  const body = s.thresholds.map((t) => [
    { value: mark(t.ok), cls: 'mark' },
    raw(`<code>${h(t.metric)}</code>`),
    raw(`<code>${h(t.expression)}</code>${t.abortOnFail ? ' <span class="tag">abortOnFail</span>' : ''}`),
    { value: observedText(t), cls: t.value === null ? 'muted' : t.ok ? '' : 'bad' },
  ]);
  return section('thresholds', 'Thresholds', table('Thresholds', ['', 'Metric', 'Expression', 'Observed'], body));
}

/** Where a check ran, as the CLI shows it: scenario › group › request. */
export function checkLocation(c: Summary['checks'][number]): string {
  return [c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request].filter(Boolean).join(' › ');
}

/** Checks, one tbody per scenario › group › request, failing ones highlighted with a sample failure. */
export function checksHtml(s: Summary): string {
  if (s.checks.length === 0) return section('checks', 'Checks', '<p class="empty">No checks ran.</p>');
  const head: Column[] = [
    '',
    'Check',
    { label: 'Passed', num: true },
    { label: '✓ passes', num: true },
    { label: '✗ fails', num: true },
    'Sample failure',
  ];
  const groups = new Map<string, Summary['checks']>();
  for (const c of s.checks) {
    const where = checkLocation(c);
    groups.set(where, [...(groups.get(where) ?? []), c]);
  }
  const bodies = [...groups].map(([where, checks]) => {
    const body = checks.map((c) => {
      const total = c.passes + c.fails;
      return [
        { value: mark(c.fails === 0), cls: 'mark' },
        c.name,
        { value: fmtPct(total ? c.passes / total : 0), cls: c.fails > 0 ? 'bad' : '' },
        fmtCount(c.passes),
        { value: fmtCount(c.fails), cls: c.fails > 0 ? 'bad' : '' },
        { value: c.failure ?? '', cls: 'sample' },
      ];
    });
    return `<tbody><tr class="group-row"><th scope="rowgroup" colspan="${head.length}">${h(where)}</th></tr>${rows(head, body)}</tbody>`;
  });
  const m = s.metrics.checks;
  const note = m?.type === 'rate' ? `${fmtPct(m.rate)} of ${fmtCount(m.passes + m.fails)} checks passed.` : '';
  return section(
    'checks',
    'Checks',
    `<div class="table-wrap"><table aria-label="Checks">${thead(head)}${bodies.join('')}</table></div>`,
    note,
  );
}
