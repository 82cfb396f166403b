/**
 * The per-second histograms of a shard: while a segment runs, each timeline point's latency histograms (all
 * requests, per request name, start lag) are kept encoded next to it, so that merging shards gives per-second
 * percentiles computed from merged histograms, as a single run's timeline does (timeline.ts).
 */
import { Histogram } from './histogram.ts';
import type { Sample } from './sample.ts';
import type { ShardSecond } from './shard.ts';

/** The histograms of one interval, from the workers' samples of it. */
export function shardSecond(samples: readonly Sample[], t: number): ShardSecond {
  const all = new Histogram();
  const lag = new Histogram();
  const perRequest = new Map<string, Histogram>();
  for (const s of samples) {
    for (const x of s.series) {
      const h = Histogram.fromJSON(x.duration);
      all.add(h);
      let r = perRequest.get(x.key.request);
      if (!r) { r = new Histogram(); perRequest.set(x.key.request, r); }
      r.add(h);
    }
    for (const i of s.iterations) if (i.lag) lag.add(Histogram.fromJSON(i.lag));
  }
  return {
    t,
    ...(all.isEmpty ? {} : { duration: all.toJSON() }),
    requests: Object.fromEntries([...perRequest].map(([name, h]) => [name, h.toJSON()])),
    ...(lag.isEmpty ? {} : { lag: lag.toJSON() }),
  };
}

/** Collects a run's per-second histograms (the coordinator feeds it when the run is a shard). */
export class ShardSeconds {
  readonly seconds: ShardSecond[] = [];
  add(samples: readonly Sample[], t: number): void {
    this.seconds.push(shardSecond(samples, t));
  }
}
