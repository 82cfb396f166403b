/**
 * Per-second points of a run (live ticks, charts, the summary's timeline): the samples of all workers for
 * one interval merged. Percentiles come from the interval's merged histogram, never from averaging workers.
 */
import { Histogram } from './histogram.ts';
import { ProtocolInterval } from './protocol-interval.ts';
import type { Sample } from './sample.ts';
import { emptyPoint, type TimelinePoint } from './timeline-point.ts';
import { StatusCounts } from './status-counts.ts';

export type { RequestPoint, TimelinePoint } from './timeline-point.ts';

const ms = (us: number): number => us / 1000;

/** How many request names get per-second points (a plan's usual few, not every step of a 10,000-step recording). */
export const CHARTED_REQUESTS = 50;

/**
 * Which request names the timeline charts per second: the first `limit` to appear, for the whole run (a name
 * charted once keeps its series complete). The summary's request table has every name whatever this says.
 */
export class ChartedRequests {
  private readonly names = new Set<string>();
  readonly limit: number;
  constructor(limit: number = CHARTED_REQUESTS) {
    this.limit = limit;
  }
  get count(): number {
    return this.names.size;
  }
  admits(name: string): boolean {
    if (this.names.has(name)) return true;
    if (this.names.size >= this.limit) return false;
    this.names.add(name);
    return true;
  }
}

// Where every encoded histogram is decoded before it is merged (the coordinator decodes one at a time).
const scratch = new Histogram();
const decode = (e: Sample['series'][number]['duration']): Histogram => Histogram.fromJSON(e, scratch);

/**
 * The point of one interval from its samples. The interval's latency comes from the workers' phase totals (one
 * histogram each); per request name only for the names `charted` admits.
 */
export function timelinePoint(
  samples: readonly Sample[],
  t: number,
  span: number,
  charted = new ChartedRequests(Infinity),
): TimelinePoint {
  return intervalOf(samples, t, span, charted).point;
}

/** `timelinePoint`, with the interval's http_req_duration histogram it was computed from. */
export function intervalOf(
  samples: readonly Sample[],
  t: number,
  span: number,
  charted: ChartedRequests,
): { point: TimelinePoint; duration: Histogram } {
  const p = emptyPoint(t, span);
  const all = new Histogram();
  const lag = new Histogram();
  const perRequest = new Map<string, { reqs: number; failed: number; h: Histogram }>();
  const protocols = new ProtocolInterval();
  const statuses = new StatusCounts();
  for (const s of samples) {
    for (const n of Object.values(s.vus)) p.vus += n;
    if (s.health) {
      p.generator.elu = Math.max(p.generator.elu, s.health.elu);
      p.generator.loopDelayP99Ms = Math.max(p.generator.loopDelayP99Ms, s.health.loopDelayP99Ms);
    }
    if (s.phases) all.add(decode(s.phases.duration));
    for (const x of s.series) {
      p.reqs += x.reqs;
      p.failed += x.failed;
      p.dataSent += x.sent;
      p.dataReceived += x.received;
      statuses.add(x.key.status, x.reqs);
      const chart = charted.admits(x.key.request);
      if (!chart && s.phases) continue;
      const h = decode(x.duration);
      if (!s.phases) all.add(h); // a sample without phase totals (tests, older shards)
      if (!chart) continue;
      let r = perRequest.get(x.key.request);
      if (!r) {
        r = { reqs: 0, failed: 0, h: new Histogram() };
        perRequest.set(x.key.request, r);
      }
      r.reqs += x.reqs;
      r.failed += x.failed;
      r.h.add(h);
    }
    for (const c of s.checks) {
      p.checksPass += c.pass;
      p.checksFail += c.fail;
    }
    for (const i of s.iterations) {
      p.iterations += i.completed;
      p.interrupted += i.interrupted;
      p.scheduled += i.scheduled ?? 0;
      p.started += i.started ?? 0;
      if (i.lag) lag.add(decode(i.lag));
    }
    for (const e of s.errors) p.errors += e.count;
    for (const n of Object.values(s.dropped)) p.dropped += n;
    // WebSocket handshakes and frames, as they crossed the wire.
    if (s.tagged)
      for (const x of s.tagged) {
        if (x.metric === 'data_sent') p.dataSent += x.count;
        else if (x.metric === 'data_received') p.dataReceived += x.count;
      }
    protocols.add(s);
  }
  Object.assign(p, protocols.parts());
  p.statuses = statuses.toObject();
  p.rps = span > 0 ? p.reqs / span : 0;
  if (!lag.isEmpty) p.lag = { p95: ms(lag.valueAtPercentile(95)), max: ms(lag.max) };
  if (!all.isEmpty) {
    const [p50, p90, p95, p99] = all.valuesAtPercentiles([50, 90, 95, 99]) as [number, number, number, number];
    p.latency = { avg: ms(all.mean), p50: ms(p50), p90: ms(p90), p95: ms(p95), p99: ms(p99), max: ms(all.max) };
  }
  for (const [name, r] of perRequest) {
    const [p50, p95, p99] = r.h.valuesAtPercentiles([50, 95, 99]) as [number, number, number];
    p.requests[name] = { reqs: r.reqs, failed: r.failed, p50: ms(p50), p95: ms(p95), p99: ms(p99), max: ms(r.h.max) };
  }
  return { point: p, duration: all };
}
