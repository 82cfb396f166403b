/** How the run executed: scenarios (with open-model arrival), groups, and every metric in the k6-style list. */
import { METRIC_SECTIONS } from '../../base/metric-registry.ts';
import type { MetricSummary, Summary } from '../../metrics/summary.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import type { TrendStat } from '../../base/trend-stats.ts';
import { chosenStats, percentileColumns, statText } from '../trend-values.ts';
import { section, table, type Cell, type Column } from './html.ts';
import { scenarioRequestsHtml } from './tables-scenarios.ts';

const num = (label: string): Column => ({ label, num: true });

/**
 * Scenarios: executor, description, iterations, interruptions, drops and, for the open model, target vs achieved;
 * with two scenarios or more, each one's requests, rate, p(95), failures and checks.
 */
export function scenariosHtml(s: Summary): string {
  if (s.scenarios.length === 0) return '';
  const head: Column[] = [
    'Scenario',
    'Executor',
    'Description',
    num('Max VUs'),
    num('Iterations'),
    num('Interrupted'),
    num('Dropped'),
    num('Target rate'),
    num('Achieved'),
    num('Start lag p(95)'),
  ];
  const body = s.scenarios.map((sc): Cell[] => {
    const a = sc.arrival;
    return [
      sc.name,
      sc.executor,
      sc.description,
      fmtCount(sc.maxVus),
      fmtCount(sc.iterations),
      { value: fmtCount(sc.interrupted), cls: sc.interrupted > 0 ? 'warn' : '' },
      { value: fmtCount(sc.dropped), cls: sc.dropped > 0 ? 'warn' : '' },
      a ? fmtRate(a.targetRate) : '–',
      a
        ? {
            value: fmtRate(a.achievedRate),
            cls: a.targetRate > 0 && a.achievedRate / a.targetRate < 0.99 ? 'warn' : '',
          }
        : '–',
      a ? fmtMs(a.lagP95) : '–',
    ];
  });
  return section('scenarios', 'Scenarios', table('Scenarios', head, body) + scenarioRequestsHtml(s));
}

/** Group durations (one row per scenario and group), with every further percentile summaryTrendStats chose. */
export function groupsHtml(s: Summary): string {
  if (s.groups.length === 0) return '';
  const percentiles = percentileColumns(s, [50, 95]).map((stat) =>
    stat.percentile === 50 ? { ...stat, label: 'Med' } : stat,
  );
  const body = s.groups.map((g) => [
    g.group.replace(/^::/, '').replaceAll('::', ' › '),
    g.scenario,
    fmtCount(g.duration.count),
    fmtMs(g.duration.avg),
    ...percentiles.map((stat) => statText(g.duration, stat)),
    fmtMs(g.duration.max),
  ]);
  return section(
    'groups',
    'Groups',
    table(
      'Groups',
      ['Group', 'Scenario', num('Count'), num('Avg'), ...percentiles.map((stat) => num(stat.label)), num('Max')],
      body,
    ),
  );
}

/** The order of the CLI summary (HTTP, WebSocket, execution, network); any other metric follows in name order. */
const ORDER = [
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
  ...METRIC_SECTIONS.flatMap((sec) => sec.metrics.map((m) => m.name)),
  'checks',
  'dropped_iterations',
  'group_duration',
  'iteration_duration',
  'iteration_lag',
  'iterations',
  'vus',
  'vus_max',
  'data_received',
  'data_sent',
];

function metricCells(m: MetricSummary, stats: readonly TrendStat[]): Cell[] {
  if (m.type === 'trend') return stats.map((stat) => statText(m, stat));
  const text =
    m.type === 'counter'
      ? m.unit === 'bytes'
        ? `${fmtBytes(m.count)} · ${fmtBytes(m.rate)}/s`
        : `${fmtCount(m.count)} · ${fmtRate(m.rate)}`
      : m.type === 'rate'
        ? `${fmtPct(m.rate)} · ${fmtCount(m.passes)} out of ${fmtCount(m.passes + m.fails)}`
        : `${m.value} (min ${m.min}, max ${m.max})`;
  return [{ value: text, colspan: stats.length, cls: 'wide', num: false }];
}

/** Every metric: the summaryTrendStats for trends (avg … p(99) by default), count and rate for counters, rates, gauges. */
export function metricsHtml(s: Summary): string {
  const names = [
    ...ORDER.filter((n) => s.metrics[n]),
    ...Object.keys(s.metrics)
      .filter((n) => !ORDER.includes(n))
      .sort(),
  ];
  const stats = chosenStats(s);
  const head: Column[] = ['Metric', 'Type', ...stats.map((stat) => num(stat.label))];
  const body = names.map((n) => {
    const m = s.metrics[n] as MetricSummary;
    return [{ value: n, cls: 'metric-name' }, m.type, ...metricCells(m, stats)];
  });
  return section('metrics', 'All metrics', table('Metrics', head, body));
}
