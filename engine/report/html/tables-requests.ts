/** What the target did: the per-request table, status codes, the error set and failed extractions. */
import type { Summary } from '../../metrics/summary.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import { raw, h, section, table, type Column } from './html.ts';
import { percentileColumns, statText } from '../trend-values.ts';

const num = (label: string): Column => ({ label, num: true });

/** `0` is how the engine records "no response" (a transport error); say so. */
function statusLabel(code: string): string {
  return code === '0' ? 'no response' : code;
}

function statusClass(code: string): string {
  return code === '0' || Number(code) >= 500 ? 'bad' : Number(code) >= 400 ? 'warn' : '';
}

function statusList(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([c, n]) => `<span class="status ${statusClass(c)}">${h(statusLabel(c))}</span>&nbsp;×${h(fmtCount(n))}`)
    .join(' ');
}

/**
 * One row per request name and scenario: count, rate, latency percentiles (p(50), p(95), p(99) and any further one
 * summaryTrendStats chose), failures and statuses.
 */
export function requestsHtml(s: Summary): string {
  if (s.requests.length === 0) return section('requests', 'Requests', '<p class="empty">No requests were made.</p>');
  const percentiles = percentileColumns(s, [50, 95, 99]);
  const head: Column[] = [
    'Request',
    'Scenario',
    num('Count'),
    num('Rate'),
    ...percentiles.map((stat) => num(stat.label)),
    num('Max'),
    num('Failed'),
    'Statuses',
  ];
  const body = s.requests.map((r) => [
    raw(`<span class="method">${h(r.method)}</span> ${h(r.name)}`),
    r.scenario,
    fmtCount(r.count),
    fmtRate(r.rate),
    ...percentiles.map((stat) => statText(r.duration, stat)),
    fmtMs(r.duration.max),
    { value: fmtPct(r.failedRate), cls: r.failed > 0 ? 'bad' : '' },
    raw(statusList(r.statuses)),
  ]);
  return section('requests', 'Requests', table('Requests', head, body));
}

/** Responses by status code over the whole run, with their share. */
export function statusesHtml(s: Summary): string {
  const entries = Object.entries(s.statuses).sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) return '';
  const total = entries.reduce((a, [, n]) => a + n, 0);
  const body = entries.map(([c, n]) => [
    raw(`<span class="status ${statusClass(c)}">${h(statusLabel(c))}</span>`),
    fmtCount(n),
    fmtPct(total ? n / total : 0),
  ]);
  return section('statuses', 'Status codes', table('Status codes', ['Status', num('Responses'), num('Share')], body));
}

/** The error set (timeouts, resets, refused…) and extraction failures, each with a sample message. */
export function errorsHtml(s: Summary): string {
  const errors =
    s.errors.length === 0
      ? '<p class="empty">No transport errors.</p>'
      : table(
          'Errors',
          ['Kind', num('Count'), 'Request', 'Scenario', 'Sample message'],
          s.errors.map((e) => [
            { value: e.kind, cls: 'bad' },
            fmtCount(e.count),
            e.request,
            e.scenario,
            { value: e.message, cls: 'sample' },
          ]),
        );
  const extractions =
    s.extractFailures.length === 0
      ? ''
      : `<h3>Failed extractions</h3>${table(
          'Failed extractions',
          ['Variable', num('Count'), 'Request', 'Scenario', 'Sample message'],
          s.extractFailures.map((e) => [
            raw(`<code>${h(e.variable)}</code>`),
            fmtCount(e.count),
            e.request,
            e.scenario,
            { value: e.message, cls: 'sample' },
          ]),
        )}`;
  return section('errors', 'Errors', errors + extractions);
}
