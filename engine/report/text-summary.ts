/**
 * The end-of-test summary for people, laid out like k6's (thresholds, checks, HTTP, execution, network), plus
 * what k6 leaves out: a per-request table, status codes, the error set, failed extractions and the result line.
 */
import { METRIC_SECTIONS } from '../base/metric-registry.ts';
import type { MetricSummary, Summary } from '../metrics/summary.ts';
import type { TrendStats } from '../metrics/trend.ts';
import type { TrendStat } from '../base/trend-stats.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate, paint, type Paint } from './format.ts';
import { achievedText, fellShort, phaseCause, phaseSpan, targetText } from './phase-text.ts';
import { requestTable } from './request-table.ts';
import { observedText } from './threshold-value.ts';
import { chosenStats, statText } from './trend-values.ts';

const WIDTH = 32;

export function textSummary(s: Summary, opts: { color?: boolean } = {}): string {
  const p = paint(opts.color ?? false);
  const out: string[] = [''];
  const line = (name: string, value: string, indent = 4): void => {
    out.push(`${' '.repeat(indent)}${name}${p.dim('.'.repeat(Math.max(2, WIDTH - name.length)))}: ${value}`);
  };

  if (s.thresholds.length > 0) {
    out.push(`  ${p.bold('█ THRESHOLDS')}`, '');
    let last = '';
    for (const t of s.thresholds) {
      if (t.metric !== last) {
        out.push(`    ${t.metric}`);
        last = t.metric;
      }
      const mark = t.ok ? p.green('✓') : p.red('✗');
      out.push(`    ${mark} '${t.expression}' ${t.value === null ? p.dim('no data') : observedText(t)}`);
    }
    out.push('');
  }

  out.push(`  ${p.bold('█ TOTAL RESULTS')}`, '');
  const checks = s.metrics.checks;
  if (checks?.type === 'rate') {
    const total = checks.passes + checks.fails;
    line('checks_total', `${fmtCount(total)}`);
    line('checks_succeeded', `${fmtPct(checks.rate)} ${fmtCount(checks.passes)} out of ${fmtCount(total)}`);
    line(
      'checks_failed',
      `${fmtPct(total ? checks.fails / total : 0)} ${fmtCount(checks.fails)} out of ${fmtCount(total)}`,
    );
    out.push('');
    for (const c of s.checks) {
      const where = p.dim(
        `(${[c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request].filter(Boolean).join(' › ')})`,
      );
      out.push(`    ${c.fails === 0 ? p.green('✓') : p.red('✗')} ${c.name} ${where}`);
      if (c.fails > 0) {
        out.push(
          `      ↳ ${Math.floor((c.passes / (c.passes + c.fails)) * 100)}% — ✓ ${fmtCount(c.passes)} / ✗ ${fmtCount(c.fails)}${c.failure ? p.dim(` · e.g. ${c.failure}`) : ''}`,
        );
      }
    }
    out.push('');
  }

  const stats = chosenStats(s);
  const metric = (name: string, m: MetricSummary | undefined): void => {
    if (!m) return;
    if (m.type === 'trend') line(name, trend(m, stats));
    else if (m.type === 'counter')
      line(
        name,
        m.unit === 'bytes' ? `${fmtBytes(m.count)} ${fmtBytes(m.rate)}/s` : `${fmtCount(m.count)} ${fmtRate(m.rate)}`,
      );
    else if (m.type === 'rate')
      line(name, `${fmtPct(m.rate)} ${fmtCount(m.passes)} out of ${fmtCount(m.passes + m.fails)}`);
    else line(name, `${m.value} min=${m.min} max=${m.max}`);
  };
  // Sections of other step types (GRPC, WEBSOCKET), from the registry, when they have data; HTTP's is left out of a run
  // that sent no HTTP request but has them (a gRPC or WebSocket-only plan), as k6 prints only the metrics it saw.
  const sections = METRIC_SECTIONS.filter((sec) => sec.metrics.some((m) => s.metrics[m.name] !== undefined));
  if (s._total > 0 || sections.length === 0) {
    out.push('    HTTP');
    for (const n of [
      'http_req_duration',
      'http_req_blocked',
      'http_req_looking_up',
      'http_req_connecting',
      'http_req_tls_handshaking',
      'http_req_sending',
      'http_req_waiting',
      'http_req_receiving',
      'http_req_failed',
      'http_reqs',
    ])
      metric(n, s.metrics[n]);
    out.push('');
  }
  for (const sec of sections) {
    out.push(`    ${sec.title}`);
    for (const m of sec.metrics) metric(m.name, s.metrics[m.name]);
    out.push('');
  }
  out.push('    EXECUTION');
  for (const n of [
    'dropped_iterations',
    'group_duration',
    'iteration_duration',
    'iteration_lag',
    'iterations',
    'vus',
    'vus_max',
  ])
    metric(n, s.metrics[n]);
  for (const sc of s.scenarios) {
    const a = sc.arrival;
    if (!a) continue;
    const ratio = a.targetRate > 0 ? a.achievedRate / a.targetRate : 1;
    const text = `${sc.name}: target ${fmtRate(a.targetRate)}, achieved ${fmtRate(a.achievedRate)} (${(ratio * 100).toFixed(1)}%), ${fmtCount(sc.dropped)} dropped, start lag p(95)=${fmtMs(a.lagP95)} max=${fmtMs(a.lagMax)}`;
    out.push(`    ${ratio < 0.99 || sc.dropped > 0 ? p.yellow(text) : text}`);
  }
  const g = s.generator;
  if (g)
    line(
      'generator',
      `${g.workers} worker${g.workers === 1 ? '' : 's'} on ${g.cpus} cores, CPU avg=${fmtPct(g.cpuAvg)} max=${fmtPct(g.cpuMax)}, event loop busy max=${fmtPct(g.eluMax)}, loop delay p(99) max=${fmtMs(g.loopDelayP99MaxMs)}`,
    );
  out.push('', '    NETWORK');
  for (const n of ['data_received', 'data_sent']) metric(n, s.metrics[n]);
  out.push('');

  out.push(...phaseLines(s, p));
  if (s.requests.length > 0) out.push(`  ${p.bold('█ REQUESTS')}`, '', ...requestTable(s, p), '');
  out.push(...statusLines(s, p), ...errorLines(s, p), ...resultLines(s, p));
  return out.join('\n');
}

/** k6's trend line, in the order of summaryTrendStats: `avg=1.2ms min=… p(99.9)=… count=…`. */
function trend(t: TrendStats, stats: readonly TrendStat[]): string {
  return stats.map((stat) => `${stat.label}=${statText(t, stat)}`).join(' ');
}

/** Mid-run changes: each phase, what began it, and per scenario its target next to what it achieved. */
function phaseLines(s: Summary, p: Paint): string[] {
  const phases = s.control?.phases ?? [];
  if (phases.length === 0) return [];
  const out = [
    `  ${p.bold('█ PHASES')} ${p.dim('(changed while running; each scenario follows its plan until its first change)')}`,
    '',
  ];
  const width = Math.max(...phases.flatMap((ph) => ph.scenarios.map((sc) => sc.name.length)));
  for (const ph of phases) {
    out.push(
      `    ${phaseSpan(ph)}  ${p.bold(phaseCause(ph))} · ${p.dim(`${fmtRate(ph.rps)} requests, p(95)=${ph.p95 === null ? '-' : fmtMs(ph.p95)}, failed ${fmtPct(ph.failedRate)}`)}`,
    );
    for (const sc of ph.scenarios) {
      const line = `      ${sc.name.padEnd(width)}  target ${targetText(sc)}  achieved ${achievedText(sc)}`;
      out.push(fellShort(sc) ? p.yellow(line) : line);
    }
  }
  out.push('');
  return out;
}

function statusLines(s: Summary, p: Paint): string[] {
  const entries = Object.entries(s.statuses).sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) return [];
  const label = (code: string): string => (code === '0' ? 'no response' : code);
  const colour = (code: string, text: string): string =>
    code === '0' || Number(code) >= 500 ? p.red(text) : Number(code) >= 400 ? p.yellow(text) : text;
  return [
    `  ${p.bold('█ STATUS CODES')}`,
    '',
    `    ${entries.map(([c, n]) => colour(c, `${label(c)}: ${fmtCount(n)}`)).join('   ')}`,
    '',
  ];
}

function errorLines(s: Summary, p: Paint): string[] {
  const out: string[] = [];
  if (s.errors.length > 0) {
    out.push(`  ${p.bold('█ ERRORS')}`, '');
    for (const e of s.errors)
      out.push(
        `    ${p.red(e.kind.padEnd(10))} ${fmtCount(e.count).padStart(8)}  ${e.request} ${p.dim(`(${e.scenario})`)}  ${p.dim(e.message)}`,
      );
    out.push('');
  }
  if (s.extractFailures.length > 0) {
    out.push(`  ${p.bold('█ FAILED EXTRACTIONS')}`, '');
    for (const e of s.extractFailures)
      out.push(
        `    ${e.variable.padEnd(16)} ${fmtCount(e.count).padStart(8)}  ${e.request} ${p.dim(`(${e.scenario})`)}  ${p.dim(e.message)}`,
      );
    out.push('');
  }
  return out;
}

function resultLines(s: Summary, p: Paint): string[] {
  const out: string[] = [];
  // A stall the closed model hid makes its percentiles look better than the target was: said next to the verdict.
  for (const st of s.stalls ?? []) out.push(`  ${p.yellow('! stall:')} ${st.message}`);
  for (const n of s.notes) out.push(`  ${p.yellow('!')} ${n}`);
  if (s.notes.length > 0 || (s.stalls ?? []).length > 0) out.push('');
  const verdict = s.status === 'passed' ? p.green('✓ PASSED') : p.red('✗ FAILED');
  const why =
    s.stoppedBy === 'setup'
      ? ' (setup failed)'
      : s.stoppedBy === 'error'
        ? ' (an engine error stopped the run: see the notes above)'
        : s.thresholds.length === 0
          ? ' (no thresholds)'
          : s.status === 'failed'
            ? ` (${s.thresholds.filter((t) => !t.ok).length} of ${s.thresholds.length} thresholds failed)`
            : '';
  // A plan of WebSocket sessions only: its sessions, not 0 requests at 0/s.
  const sessions = s.metrics.ws_sessions;
  const what =
    s._total === 0 && sessions?.type === 'counter'
      ? `${fmtCount(sessions.count)} WebSocket sessions in ${fmtMs(s.durationMs)}, ${fmtRate(sessions.rate)}`
      : `${fmtCount(s._total)} requests in ${fmtMs(s.durationMs)}, ${fmtRate(s._rps)} achieved, p(50)=${fmtMs(s._p50)} p(99)=${fmtMs(s._p99)}`;
  out.push(`  ${p.bold(verdict)}${why} — ${what}${grpcResult(s)}`, '');
  return out;
}

/** The gRPC calls and streams of a run that made any, for the verdict line. */
function grpcResult(s: Summary): string {
  const calls = s.metrics.grpc_req_duration;
  const streams = s.metrics.grpc_streams;
  const parts: string[] = [];
  if (calls?.type === 'trend' && calls.count > 0)
    parts.push(`${fmtCount(calls.count)} gRPC calls, p(50)=${fmtMs(calls.med)} p(99)=${fmtMs(calls.p99)}`);
  if (streams?.type === 'counter' && streams.count > 0) parts.push(`${fmtCount(streams.count)} gRPC streams`);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}
