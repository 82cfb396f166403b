/**
 * The per-second histograms of a shard: while a segment runs, each timeline point's latency histograms (all
 * requests, per charted request name, start lag, grpc_req_duration, ws_connecting) are kept encoded next to it, so
 * that merging shards gives per-second percentiles computed from merged histograms, as a single run's timeline does
 * (timeline.ts). When the timeline is compacted, the histograms of merged points merge exactly.
 */
import { Histogram } from './histogram.ts';
import { ProtocolInterval } from './protocol-interval.ts';
import type { Sample } from './sample.ts';
import type { ShardSecond } from './shard.ts';
import { ChartedRequests } from './timeline.ts';

type Encoded = NonNullable<ShardSecond['duration']>;

/** The histograms of one interval, from the workers' samples of it (per request name: the names `charted` admits). */
export function shardSecond(
  samples: readonly Sample[],
  t: number,
  charted = new ChartedRequests(Infinity),
): ShardSecond {
  const all = new Histogram();
  const lag = new Histogram();
  const perRequest = new Map<string, Histogram>();
  const protocols = new ProtocolInterval();
  for (const s of samples) {
    protocols.add(s);
    if (s.phases) all.add(Histogram.fromJSON(s.phases.duration));
    for (const x of s.series) {
      const chart = charted.admits(x.key.request);
      if (!chart && s.phases) continue;
      const h = Histogram.fromJSON(x.duration);
      if (!s.phases) all.add(h);
      if (!chart) continue;
      let r = perRequest.get(x.key.request);
      if (!r) {
        r = new Histogram();
        perRequest.set(x.key.request, r);
      }
      r.add(h);
    }
    for (const i of s.iterations) if (i.lag) lag.add(Histogram.fromJSON(i.lag));
  }
  return {
    t,
    ...(all.isEmpty ? {} : { duration: all.toJSON() }),
    requests: Object.fromEntries([...perRequest].map(([name, h]) => [name, h.toJSON()])),
    ...(lag.isEmpty ? {} : { lag: lag.toJSON() }),
    ...encoded(protocols),
  };
}

/** The protocol histograms of a second, as the shard keeps them (absent when empty). */
export function encoded(p: ProtocolInterval): Pick<ShardSecond, 'grpc' | 'wsConnecting'> {
  return {
    ...(p.grpcDuration.isEmpty ? {} : { grpc: p.grpcDuration.toJSON() }),
    ...(p.wsConnecting.isEmpty ? {} : { wsConnecting: p.wsConnecting.toJSON() }),
  };
}

/** Two neighbouring seconds' histograms as one (exact), ending at `b.t`. */
export function mergeSeconds(a: ShardSecond, b: ShardSecond): ShardSecond {
  const both = (x: Encoded | undefined, y: Encoded | undefined): Encoded | undefined => {
    if (!x || !y) return x ?? y;
    const h = Histogram.fromJSON(x);
    h.add(Histogram.fromJSON(y));
    return h.toJSON();
  };
  const requests = { ...a.requests };
  for (const [name, h] of Object.entries(b.requests)) requests[name] = both(requests[name], h) as Encoded;
  const duration = both(a.duration, b.duration);
  const lag = both(a.lag, b.lag);
  const grpc = both(a.grpc, b.grpc);
  const wsConnecting = both(a.wsConnecting, b.wsConnecting);
  return {
    t: b.t,
    ...(duration ? { duration } : {}),
    requests,
    ...(lag ? { lag } : {}),
    ...(grpc ? { grpc } : {}),
    ...(wsConnecting ? { wsConnecting } : {}),
  };
}
