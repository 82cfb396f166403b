/**
 * Reading a metric's value (optionally filtered by tags) from the run totals, for thresholds and summaries.
 * Filtered trends merge the histograms of matching series; rates and counters sum exact counts.
 */
import { Histogram } from './histogram.ts';
import type { Phase, RunAggregate } from './aggregate.ts';
import type { MetricDef } from '../base/metric-registry.ts';
import type { SeriesKey } from './sample.ts';

/** What a metric looks like right now, whatever its type. */
export interface MetricReading {
  /** Read-only: it may be the run's own total. */
  histogram?: Histogram;
  count?: number;
  /** Rate metrics: share of non-zero values; counters: count per second. */
  rate?: number;
  value?: number;
}

export interface RunClock {
  elapsedS: number;
  vus: number;
  vusMax: number;
}

/** The histogram of each HTTP timing metric. */
export const PHASE_OF: Readonly<Record<string, Phase>> = {
  http_req_duration: 'duration',
  http_req_blocked: 'blocked',
  http_req_looking_up: 'lookup',
  http_req_connecting: 'connecting',
  http_req_tls_handshaking: 'tls',
  http_req_sending: 'sending',
  http_req_waiting: 'waiting',
  http_req_receiving: 'receiving',
};

export function seriesMatches(k: SeriesKey, tags: Readonly<Record<string, string>>): boolean {
  for (const [tag, want] of Object.entries(tags)) {
    let got: string | undefined;
    switch (tag) {
      case 'scenario':
        got = k.scenario;
        break;
      case 'group':
        got = k.group;
        break;
      case 'request':
        got = k.request;
        break;
      case 'method':
        got = k.method;
        break;
      case 'status':
        got = String(k.status);
        break;
      case 'expected_response':
        got = String(k.expected);
        break;
      default:
        got = k.tags?.[tag];
    }
    if (tag === 'group' ? normaliseGroup(want) !== got : want !== got) return false;
  }
  return true;
}

/** `login` and `::login` both name the top-level group login (k6 writes group paths as ::a::b). */
export function normaliseGroup(g: string): string {
  return g === '' || g.startsWith('::') ? g : `::${g}`;
}

export function readMetric(
  agg: RunAggregate,
  metric: MetricDef,
  tags: Readonly<Record<string, string>>,
  clock: RunClock,
): MetricReading {
  const phase = PHASE_OF[metric.name];
  const perSecond = (n: number): number => (clock.elapsedS > 0 ? n / clock.elapsedS : 0);
  if (phase || metric.name === 'http_reqs' || metric.name === 'http_req_failed' || metric.name.startsWith('data_')) {
    // Unfiltered: the run's total of the phase (read-only here). Filtered: the matching series merged; a series
    // keeps the phases filtered thresholds need (the workers keep them), so none is missing.
    if (phase && Object.keys(tags).length === 0) return { histogram: agg.phases[phase] };
    const h = phase ? new Histogram() : undefined;
    let reqs = 0,
      failed = 0,
      sent = 0,
      received = 0;
    for (const s of agg.series.values()) {
      if (!seriesMatches(s.key, tags)) continue;
      reqs += s.reqs;
      failed += s.failed;
      sent += s.sent;
      received += s.received;
      const sh = phase ? s.hist[phase] : undefined;
      if (h && sh) h.add(sh);
    }
    if (h) return { histogram: h };
    // WebSocket handshakes and frames count as data too (as in k6), under the tags of their step.
    if (metric.name === 'data_sent') sent += agg.tagged.read(metric.name, tags).count;
    else if (metric.name === 'data_received') received += agg.tagged.read(metric.name, tags).count;
    if (metric.name === 'http_req_failed') return reqs > 0 ? { rate: failed / reqs, count: reqs } : { count: 0 };
    const n = metric.name === 'http_reqs' ? reqs : metric.name === 'data_sent' ? sent : received;
    return { count: n, rate: perSecond(n) };
  }
  if (metric.tagged) {
    const { count, hist } = agg.tagged.read(metric.name, tags);
    return metric.type === 'trend' ? { histogram: hist ?? new Histogram() } : { count, rate: perSecond(count) };
  }
  switch (metric.name) {
    case 'checks': {
      let pass = 0,
        fail = 0;
      for (const c of agg.checks.values()) {
        const k = c.key;
        const ok = Object.entries(tags).every(
          ([t, v]) => (t === 'group' ? normaliseGroup(v) : v) === (k as unknown as Record<string, string>)[t],
        );
        if (ok) {
          pass += c.pass;
          fail += c.fail;
        }
      }
      return pass + fail > 0 ? { rate: pass / (pass + fail), count: pass + fail } : { count: 0 };
    }
    case 'iterations':
    case 'iteration_duration':
    case 'iteration_lag': {
      const h = new Histogram();
      let n = 0;
      for (const [sc, it] of agg.iterations) {
        if (tags.scenario !== undefined && tags.scenario !== sc) continue;
        n += it.completed;
        h.add(metric.name === 'iteration_lag' ? it.lag : it.duration);
      }
      return metric.name === 'iterations' ? { count: n, rate: perSecond(n) } : { histogram: h };
    }
    case 'dropped_iterations': {
      let n = 0;
      for (const [sc, d] of agg.dropped) if (tags.scenario === undefined || tags.scenario === sc) n += d;
      return { count: n, rate: perSecond(n) };
    }
    case 'group_duration': {
      const h = new Histogram();
      for (const g of agg.groups.values()) {
        if (tags.scenario !== undefined && tags.scenario !== g.scenario) continue;
        if (tags.group !== undefined && normaliseGroup(tags.group) !== g.group) continue;
        h.add(g.duration);
      }
      return { histogram: h };
    }
    case 'vus':
      return { value: clock.vus };
    case 'vus_max':
      return { value: clock.vusMax };
    default:
      return {};
  }
}
