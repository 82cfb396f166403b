/**
 * Series keys (scenario, group, request name, method, status, tags) and check keys (scenario, group, request name,
 * check) cross from a worker to the coordinator once. A worker numbers its keys in the order they are first used and
 * sends a key with its number the first second it is used, then only the number; the coordinator keeps one key object
 * per number and puts it back in each series and check. With 10,000 request names every second's sample held 10,000
 * series keys and their strings, each copied between threads, validated and copied again: about half the
 * coordinator's cost of a sample (bench/coordinator-samples.ts). A recording checks every step twice: its checks were
 * 20,000 key objects a second and worker, and with four workers the coordinator held ~30,000 copies of the request
 * names at once. The key objects it gets back are the same every second, so the aggregate finds a series or a check
 * total by object (aggregate.ts).
 */
import type { CheckCounter, SeriesRec } from './recorder.ts';
import type { CheckKey, Sample, SeriesKey, WireSample } from './sample.ts';
import type { PackedWireSample } from './series-pack.ts';

/**
 * The worker's side: numbers its series and checks as they first cross (kept on the series and the counter, not in a
 * map by key: two checks a step on a 10,000-step recording were 30,000 entries in every worker). The recorder's flush
 * names them by number (MetricsRecorder.flush with `wire`).
 */
export class SeriesKeyIds {
  private series = 0;
  private checks = 0;
  private freshSeries: WireSample['keys'] = [];
  private freshChecks: WireSample['checkKeys'] = [];

  /** The number of `rec`'s series, given now (its key sent with the next sample) when it has none yet. */
  seriesId(rec: SeriesRec): number {
    if (rec.id < 0) {
      rec.id = this.series++;
      this.freshSeries.push({ id: rec.id, key: rec.key });
    }
    return rec.id;
  }

  /** The number of check counter `c`, given now (its key sent with the next sample) when it has none yet. */
  checkId(c: CheckCounter): number {
    if (c.id < 0) {
      c.id = this.checks++;
      this.freshChecks.push({ id: c.id, key: c.key });
    }
    return c.id;
  }

  /**
   * The sample to send, flushed with these numbers (its series and checks named by them), with the keys numbered
   * since the last one, and the series packed meanwhile (series-pack.ts), if any.
   */
  toWire(sample: Sample, packed?: ArrayBuffer): PackedWireSample {
    const keys = this.freshSeries;
    const checkKeys = this.freshChecks;
    this.freshSeries = [];
    this.freshChecks = [];
    return {
      ...sample,
      series: sample.series as unknown as WireSample['series'],
      checks: sample.checks as unknown as WireSample['checks'],
      keys,
      checkKeys,
      ...(packed !== undefined ? { packed } : {}),
    };
  }
}

/** The coordinator's keys of one kind from one worker, by number. */
class KeysByNumber<K> {
  private readonly keys: K[] = [];
  private readonly intern: (key: K) => K;
  private readonly what: string;

  constructor(what: string, intern: (key: K) => K) {
    this.what = what;
    this.intern = intern;
  }

  /** What is wrong with the numbers `used` and the keys `sent` with them, or undefined; the keys are kept when right. */
  read(sent: readonly { id: number; key: K }[], used: readonly { key: unknown }[]): string | undefined {
    const known = this.keys.length + sent.length;
    for (const [i, { id }] of sent.entries()) {
      if (id !== this.keys.length + i)
        return `${this.what} key ${id} sent out of order (expected ${this.keys.length + i})`;
    }
    for (const x of used) if ((x.key as number) >= known) return `${this.what} key ${String(x.key)} was never sent`;
    for (const { key } of sent) this.keys.push(this.intern(key));
    for (const x of used) (x as { key: unknown }).key = this.keys[x.key as number];
    return undefined;
  }
}

/**
 * The coordinator's side, one per worker: the keys by number. `intern` and `internCheck` give the key object to keep
 * for a key that arrived: with the aggregate's (RunAggregate.keyOf, checkKeyOf), every worker's table holds the same
 * objects, not a copy each (four workers' copies of 10,000 keys were ~6 MB).
 */
export class SeriesKeyTable {
  private readonly series: KeysByNumber<SeriesKey>;
  private readonly checks: KeysByNumber<CheckKey>;

  constructor(
    intern: (key: SeriesKey) => SeriesKey = (key) => key,
    internCheck: (key: CheckKey) => CheckKey = (key) => key,
  ) {
    this.series = new KeysByNumber('series', intern);
    this.checks = new KeysByNumber('check', internCheck);
  }

  /**
   * The sample with its series' and checks' keys put back, in place (a validated copy the coordinator owns); a message
   * saying what is wrong when a number was never sent or keys come out of order.
   */
  fromWire(wire: WireSample): Sample | string {
    const problem = this.series.read(wire.keys, wire.series) ?? this.checks.read(wire.checkKeys, wire.checks);
    if (problem !== undefined) return problem;
    const { keys: _series, checkKeys: _checks, ...sample } = wire;
    return sample as unknown as Sample;
  }
}
