/** `run --repeat N` for people: one line per repeat, then the key metrics as mean ± sd, CV, min and max. Pure. */
import type { Summary } from '../../metrics/summary.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate, type Paint } from '../format.ts';
import { fmtKey, fmtSpread, MISSING } from './format.ts';
import { variation, type RepeatResult } from './repeat.ts';
import { SCENARIO_COLUMNS } from './scenario-metrics.ts';
import { alignColumns } from './text-table.ts';

/** `repeat 2/5  ✓ passed  1,000 requests in 10s · 100/s · p(95)=60ms · failed 0.00%`. */
export function repeatLine(index: number, total: number, s: Summary, p: Paint): string {
  const verdict =
    s.status === 'passed'
      ? p.green('✓ passed')
      : p.red(`✗ failed (${s.thresholds.filter((t) => !t.ok).length} of ${s.thresholds.length} thresholds)`);
  const stopped =
    s.stoppedBy === 'completed'
      ? ''
      : p.yellow(
          ` · ${s.stoppedBy === 'threshold' ? 'aborted by a threshold' : s.stoppedBy === 'error' ? 'engine error' : `${s.stoppedBy} by the user`}`,
        );
  const failed = s.metrics.http_req_failed?.type === 'rate' ? s.metrics.http_req_failed.rate : 0;
  const p95 =
    s.metrics.http_req_duration?.type === 'trend' && s.metrics.http_req_duration.count > 0
      ? fmtMs(s.metrics.http_req_duration.p95)
      : MISSING;
  return `  repeat ${index}/${total}  ${verdict}  ${fmtCount(s._total)} requests in ${fmtMs(s.durationMs)} · ${fmtRate(s._rps)} · p(95)=${p95} · failed ${fmtPct(failed)}${stopped}`;
}

/** The statistics table, with a title saying how many repeats it is over. */
export function repeatTable(r: RepeatResult, p: Paint): string {
  const n = r.measured.length;
  const skipped = r.repeats.length - n;
  const title = `  ${p.bold(`█ ACROSS ${n} REPEAT${n === 1 ? '' : 'S'}`)}${p.dim(` — mean ± sample standard deviation${skipped > 0 ? `; ${skipped} repeat${skipped === 1 ? '' : 's'} stopped early left out` : ''}`)}`;
  if (n === 0) return ['', title, '', '    no repeat ran to completion: nothing to average', ''].join('\n');
  const head = ['metric', 'mean ± sd', 'cv', 'min', 'max'];
  const rows = r.stats.map((st) => {
    const s = st.spread;
    if (!s) return [st.label, MISSING, MISSING, MISSING, MISSING];
    const cv = variation(s);
    return [
      st.label,
      fmtSpread(st.unit, s.mean, s.sd, s.n),
      cv === null ? MISSING : fmtPct(cv),
      fmtKey(st.unit, s.min),
      fmtKey(st.unit, s.max),
    ];
  });
  const [header, ...body] = alignColumns([head, ...rows], '    ');
  const note = n === 1 ? ['', p.dim('    one repeat: no spread to estimate; use --repeat 3 or more')] : [];
  return ['', title, '', p.dim(header ?? ''), ...body, ...note, ''].join('\n');
}

/**
 * Seed 004's table: a row per scenario with each column's mean ± sd across the measured repeats. Empty when the plan
 * has one scenario (the table above says it all) or the document predates per-scenario numbers.
 */
export function scenarioTable(r: RepeatResult, p: Paint): string {
  const scenarios = r.scenarios ?? [];
  if (scenarios.length < 2) return '';
  const n = r.measured.length;
  const title = `  ${p.bold('█ PER SCENARIO')}${p.dim(` — mean ± sample standard deviation across ${n} repeat${n === 1 ? '' : 's'}`)}`;
  const head = ['scenario', ...SCENARIO_COLUMNS.map((c) => c.label)];
  const rows = scenarios.map((sc) => [
    sc.scenario,
    ...SCENARIO_COLUMNS.map((c) => {
      const s = sc.stats.find((st) => st.key.endsWith(`:${c.key}`))?.spread;
      return s ? fmtSpread(c.unit, s.mean, s.sd, s.n) : MISSING;
    }),
  ]);
  const [header, ...body] = alignColumns([head, ...rows], '    ');
  return ['', title, '', p.dim(header ?? ''), ...body, ''].join('\n');
}
