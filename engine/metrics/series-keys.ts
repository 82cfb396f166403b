/**
 * Series keys (scenario, group, request name, method, status, tags) cross from a worker to the coordinator once.
 * A worker numbers its series in the order they first answer and sends a key with its number the first second it
 * is used, then only the number; the coordinator keeps one key object per number and puts it back in each series.
 * With 10,000 request names every second's sample held 10,000 key objects and their strings, each copied between
 * threads, validated and copied again: about half the coordinator's cost of a sample (bench/coordinator-samples.ts).
 * The key objects it gets back are the same every second, so the aggregate finds a series by object (aggregate.ts).
 */
import type { Sample, SeriesKey, WireSample } from './sample.ts';
import type { PackedWireSample } from './series-pack.ts';

/** The worker's side: its series' numbers, by key object (the recorder keeps one key object per series). */
export class SeriesKeyIds {
  private readonly ids = new Map<SeriesKey, number>();
  private fresh: WireSample['keys'] = [];

  /** The number of `key`, given now (and sent with the next sample) when it has none yet. */
  idOf(key: SeriesKey): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
      this.fresh.push({ id, key });
    }
    return id;
  }

  /**
   * The sample to send: each series' key replaced by its number, in place (the sample is the worker's to send), with
   * the keys numbered since the last one, and the series packed meanwhile (series-pack.ts), if any.
   */
  toWire(sample: Sample, packed?: ArrayBuffer): PackedWireSample {
    for (const x of sample.series) (x as unknown as { key: number }).key = this.idOf(x.key);
    const keys = this.fresh;
    this.fresh = [];
    return {
      ...sample,
      series: sample.series as unknown as WireSample['series'],
      keys,
      ...(packed !== undefined ? { packed } : {}),
    };
  }
}

/**
 * The coordinator's side, one per worker: the keys by number. `intern` gives the key object to keep for a key that
 * arrived: with the aggregate's (RunAggregate.keyOf), every worker's table holds the same objects, not a copy each
 * (four workers' copies of 10,000 keys were ~6 MB).
 */
export class SeriesKeyTable {
  private readonly keys: SeriesKey[] = [];
  private readonly intern: (key: SeriesKey) => SeriesKey;

  constructor(intern: (key: SeriesKey) => SeriesKey = (key) => key) {
    this.intern = intern;
  }

  /**
   * The sample with its series' keys put back, in place (a validated copy the coordinator owns); a message saying
   * what is wrong when a number was never sent or keys come out of order.
   */
  fromWire(wire: WireSample): Sample | string {
    const known = this.keys.length + wire.keys.length;
    for (const [i, { id }] of wire.keys.entries()) {
      if (id !== this.keys.length + i) return `series key ${id} sent out of order (expected ${this.keys.length + i})`;
    }
    for (const x of wire.series) if (x.key >= known) return `series key ${x.key} was never sent`;
    for (const { key } of wire.keys) this.keys.push(this.intern(key));
    for (const x of wire.series) (x as unknown as { key: SeriesKey }).key = this.keys[x.key]!;
    const { keys: _sent, ...sample } = wire;
    return sample as unknown as Sample;
  }
}
