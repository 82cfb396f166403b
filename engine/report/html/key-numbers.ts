/**
 * The key numbers at the top of the report. Each card carries `data-key` (a path into the summary JSON) and
 * `data-value` (the raw number), so a test can check the text shown against the summary it came from; a number
 * added up from several places carries `data-derived` (its name) instead.
 */
import type { Summary } from '../../metrics/summary.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import { escapeHtml } from './escape.ts';
import type { KeyNumber } from './key-number.ts';
import { grpcKeyNumbers, wsKeyNumbers } from './protocol-key-numbers.ts';

export type { KeyNumber } from './key-number.ts';

/** The key numbers of a run, in display order. */
export function keyNumbers(s: Summary): KeyNumber[] {
  const out: KeyNumber[] = [
    { key: '_total', label: 'Requests', value: s._total, text: fmtCount(s._total) },
    { key: '_rps', label: 'Requests/s (achieved)', value: s._rps, text: fmtRate(s._rps) },
    { key: '_p50', label: 'Latency p(50)', value: s._p50, text: fmtMs(s._p50) },
  ];
  const d = s.metrics.http_req_duration;
  if (d?.type === 'trend')
    out.push({ key: 'metrics.http_req_duration.p95', label: 'Latency p(95)', value: d.p95, text: fmtMs(d.p95) });
  out.push({ key: '_p99', label: 'Latency p(99)', value: s._p99, text: fmtMs(s._p99) });
  const failed = s.metrics.http_req_failed;
  if (failed?.type === 'rate') {
    out.push({
      key: 'metrics.http_req_failed.rate',
      label: 'Failed requests',
      value: failed.rate,
      text: fmtPct(failed.rate),
      detail: `${fmtCount(failed.passes)} of ${fmtCount(failed.passes + failed.fails)}`,
      ...(failed.passes > 0 ? { tone: 'bad' as const } : {}),
    });
  }
  const checks = s.metrics.checks;
  if (checks?.type === 'rate') {
    out.push({
      key: 'metrics.checks.rate',
      label: 'Checks passed',
      value: checks.rate,
      text: fmtPct(checks.rate),
      detail: `${fmtCount(checks.passes)} of ${fmtCount(checks.passes + checks.fails)}`,
      ...(checks.fails > 0 ? { tone: 'bad' as const } : {}),
    });
  }
  const counter = (name: string, label: string, bytes: boolean): void => {
    const m = s.metrics[name];
    if (m?.type !== 'counter') return;
    out.push({
      key: `metrics.${name}.count`,
      label,
      value: m.count,
      text: bytes ? fmtBytes(m.count) : fmtCount(m.count),
      detail: bytes ? `${fmtBytes(m.rate)}/s` : fmtRate(m.rate),
    });
  };
  out.push(...grpcKeyNumbers(s), ...wsKeyNumbers(s));
  counter('iterations', 'Iterations', false);
  const vus = s.metrics.vus;
  if (vus?.type === 'gauge')
    out.push({ key: 'metrics.vus.max', label: 'VUs (max)', value: vus.max, text: fmtCount(vus.max) });
  counter('data_sent', 'Data sent', true);
  counter('data_received', 'Data received', true);
  s.scenarios.forEach((sc, i) => {
    const a = sc.arrival;
    if (!a) return;
    const short = a.targetRate > 0 && a.achievedRate / a.targetRate < 0.99;
    out.push(
      {
        key: `scenarios.${i}.arrival.targetRate`,
        label: `${sc.name}: target rate`,
        value: a.targetRate,
        text: fmtRate(a.targetRate),
      },
      {
        key: `scenarios.${i}.arrival.achievedRate`,
        label: `${sc.name}: achieved rate`,
        value: a.achievedRate,
        text: fmtRate(a.achievedRate),
        detail: `start lag p(95)=${fmtMs(a.lagP95)}`,
        ...(short ? { tone: 'warn' as const } : {}),
      },
      {
        key: `scenarios.${i}.dropped`,
        label: `${sc.name}: dropped`,
        value: sc.dropped,
        text: fmtCount(sc.dropped),
        ...(sc.dropped > 0 ? { tone: 'warn' as const } : {}),
      },
    );
  });
  return out;
}

/** The key numbers as cards. */
export function keyNumbersHtml(s: Summary): string {
  const cards = keyNumbers(s).map(
    (k) =>
      `<div class="kpi${k.tone ? ` ${k.tone}` : ''}"><div class="kpi-label">${escapeHtml(k.label)}</div>` +
      `<div class="kpi-value" ${k.derived ? 'data-derived' : 'data-key'}="${escapeHtml(k.key)}" data-value="${escapeHtml(String(k.value))}">${escapeHtml(k.text)}</div>` +
      `${k.detail ? `<div class="kpi-detail">${escapeHtml(k.detail)}</div>` : ''}</div>`,
  );
  return `<section id="key-numbers" aria-label="Key numbers"><div class="kpis">${cards.join('')}</div></section>`;
}
