import { describe, expect, it } from 'vitest';
import { HIGHEST_TRACKABLE_US, Histogram } from './histogram.ts';
import { SPARSE_MAX, SparseCounts } from './histogram-sparse.ts';
import { hist, rng, uniform } from './testing.ts';

const PS = [0, 1, 25, 50, 75, 90, 95, 99, 99.9, 100];

/** Everything a reader can see of a histogram. */
const view = (h: Histogram) => ({
  json: h.toJSON(),
  ps: h.valuesAtPercentiles(PS),
  stats: [h.count, h.min, h.max, h.sum, h.clampedCount],
});

/** Decoded from its encoding: the coordinator's path for every histogram a worker sends. */
const decoded = (values: readonly number[]): Histogram => Histogram.fromJSON(hist(values).toJSON());

/**
 * A request name's total as the coordinator merges it: `seconds` one-second histograms of `perSecond` latencies each,
 * exponential above `from` µs with mean `mean`; and every latency, for a reference.
 */
function mergedSeconds(seed: number, seconds: number, perSecond: number, from: number, mean: number) {
  const r = rng(seed);
  const total = new Histogram();
  const all: number[] = [];
  for (let second = 0; second < seconds; second++) {
    const values = Array.from({ length: perSecond }, () => from + Math.floor(-Math.log(1 - r()) * mean));
    all.push(...values);
    total.add(decoded(values));
  }
  return { total, all };
}

const CASES: Record<string, number[]> = {
  'a few latencies': [1200, 1300, 1250, 980, 40_000],
  'negative, fractional, NaN, clamped': [-5, 12.7, NaN, 0.3, 2048.999, 5e9, Infinity, 7],
  'one value many times': Array.from({ length: 500 }, () => 777),
  'more buckets than the sparse limit': uniform(20_000, 1, 1_000_000, 1),
  narrow: uniform(5000, 1000, 1100, 2),
};

describe('sparse histograms read exactly like chunked ones', () => {
  for (const [name, values] of Object.entries(CASES)) {
    it(`ofValues: ${name}`, () => {
      const into = new Histogram();
      into.record(3); // a used histogram is reset first
      Histogram.ofValues(Float64Array.from(values), 0, values.length, into);
      expect(view(into)).toEqual(view(hist(values)));
    });

    it(`decoded and merged: ${name}`, () => {
      const [a, b] = [values.filter((_, i) => i % 2 === 0), values.filter((_, i) => i % 2 === 1)];
      const merged = new Histogram();
      merged.add(decoded(a));
      merged.add(decoded(b));
      expect(view(merged)).toEqual(view(hist(values)));
      // A chunked histogram merging sparse ones, and a sparse one merging a chunked one.
      const chunked = hist(a);
      chunked.add(decoded(b));
      expect(view(chunked)).toEqual(view(hist(values)));
      const sparse = decoded(a);
      sparse.add(hist(b));
      expect(view(sparse)).toEqual(view(hist(values)));
    });
  }

  it('200 seeded runs of seconds, built and merged as workers and the coordinator do, read like one chunked histogram', () => {
    const r = rng(17);
    for (let run = 0; run < 200; run++) {
      // Latencies from a few µs to the clamp, narrow or wide, few or many per second (sparse or chunked when built).
      const lo = Math.floor(r() ** 4 * 2e6);
      const width = 1 + Math.floor(r() ** 3 * (run % 10 === 0 ? 5e9 : 2e5));
      const total = new Histogram();
      const all: number[] = [];
      for (let second = 0, seconds = 1 + Math.floor(r() * 12); second < seconds; second++) {
        const values = Float64Array.from({ length: Math.floor(r() ** 2 * 600) }, () => lo + r() * width);
        all.push(...values);
        // The worker's build (ofValues sorts its range in place: a copy), its encoding, the coordinator's decoding.
        const built = Histogram.ofValues(values.slice(), 0, values.length, new Histogram());
        total.add(Histogram.fromJSON(built.toJSON()));
      }
      expect(view(total), `run ${run}`).toEqual(view(hist(all)));
    }
  });

  it('ofValues reads only its range', () => {
    const values = Float64Array.from([9, 9, 1500, 1600, 1500, 9]);
    expect(view(Histogram.ofValues(values, 2, 5, new Histogram()))).toEqual(view(hist([1500, 1600, 1500])));
    expect([values[0], values[5]]).toEqual([9, 9]);
  });

  it('adding itself doubles every count, sparse or chunked', () => {
    const values = [1000, 2000, 2000, 70_000];
    const sparse = decoded(values);
    sparse.add(sparse);
    expect(view(sparse)).toEqual(view(hist([...values, ...values])));
    const chunked = hist(values);
    chunked.add(chunked);
    expect(view(chunked)).toEqual(view(hist([...values, ...values])));
  });

  it('recording into a sparse histogram with counts keeps them, also in the chunk it records into', () => {
    const h = decoded([1000, 5000]);
    h.record(1001); // chunk 3, where 1000 is
    h.record(70_000);
    expect(view(h)).toEqual(view(hist([1000, 5000, 1001, 70_000])));
    expect(h.footprintBytes).toBe(hist([1000, 5000, 1001, 70_000]).footprintBytes);
  });

  it('a reset sparse histogram records and merges from empty', () => {
    const h = decoded([5, 6, 7]);
    h.reset();
    expect(view(h)).toEqual(view(new Histogram()));
    h.add(decoded([1000]));
    h.record(2000);
    expect(view(h)).toEqual(view(hist([1000, 2000])));
  });
});

describe('sparse memory', () => {
  it('a request name merged from a hundred one-second histograms of a few latencies each costs ~3 bytes per bucket', () => {
    const { total: perName, all } = mergedSeconds(5, 100, 3, 200, 400);
    expect(view(perName)).toEqual(view(hist(all)));
    const buckets = new Set(all).size; // at least the populated buckets (distinct values below 2048 are one each)
    // 3 bytes an entry (every count below 256), and a list grows by half: never more than half of it is unused.
    expect(perName.footprintBytes).toBeLessThanOrEqual((Math.max(Math.ceil(1.5 * buckets) + 1, 8) + 3) * 3);
    // Chunked, the same counts take 1 KB per 256-bucket chunk they touch (and two 92-entry tables).
    expect(hist(all).footprintBytes).toBeGreaterThan(2 * perName.footprintBytes);
  });

  it('switches to chunks past SPARSE_MAX buckets, keeping every count', () => {
    const h = new Histogram();
    const values: number[] = [];
    for (let v = 1; v <= SPARSE_MAX + 10; v++) {
      values.push(v);
      h.add(decoded([v]));
    }
    expect(view(h)).toEqual(view(hist(values)));
    // Chunks only (the sparse lists were dropped), of one byte per count: values 1 to 1034 touch chunks 0 to 4.
    expect(h.footprintBytes).toBe(5 * 256);
  });

  it('decoding few buckets into a chunked scratch makes it sparse again', () => {
    const scratch = hist(uniform(10_000, 1, HIGHEST_TRACKABLE_US, 3));
    Histogram.fromJSON(hist([1000, 1001]).toJSON(), scratch);
    expect(scratch.footprintBytes).toBeLessThan(200);
    expect(view(scratch)).toEqual(view(hist([1000, 1001])));
  });
});

describe('narrow chunks of a merged histogram', () => {
  /** A histogram merged past its sparse list: every value 1 to SPARSE_MAX + 10 once, from one-value histograms. */
  const merged = (): { h: Histogram; values: number[] } => {
    const h = new Histogram();
    const values: number[] = [];
    for (let v = 1; v <= SPARSE_MAX + 10; v++) {
      values.push(v);
      h.add(decoded([v]));
    }
    return { h, values };
  };

  it('widens a chunk to 16 and 32 bits as its counts pass 255 and 65,535, and reads exactly', () => {
    const { h, values } = merged();
    for (const [v, n] of [
      [500, 255],
      [500, 1],
      [600, 70_000],
      [3000, 300],
    ] as const) {
      h.add(decoded(Array.from({ length: n }, () => v)));
      for (let i = 0; i < n; i++) values.push(v);
    }
    expect(view(h)).toEqual(view(hist(values)));
    // Chunk 1 (500: 257) is 16-bit, chunk 2 (600: 70,001) 32-bit, chunk 9 (3000: 300) 16-bit, 0, 3 and 4 8-bit.
    expect(h.footprintBytes).toBe(3 * 256 + 512 + 1024 + 512);
  });

  it('keeps counts past 2^32 exact, also when adding itself widens a chunk half way through', () => {
    const { h, values } = merged();
    h.add(decoded(Array.from({ length: 200 }, () => 100)));
    const reference = hist([...values, ...Array.from({ length: 200 }, () => 100)]);
    for (let k = 0; k < 34; k++) {
      h.add(h); // 100's count passes 255 (then 65,535, then 2^32) before the chunk's later counts are read
      reference.add(reference);
    }
    expect(h.count).toBe(reference.count);
    expect(view(h)).toEqual(view(reference));
  });

  it('becomes a Uint32 histogram the first time it records', () => {
    const { h, values } = merged();
    h.record(700);
    h.record(900_000);
    expect(view(h)).toEqual(view(hist([...values, 700, 900_000])));
    expect(h.footprintBytes % 1024).toBe(0);
    h.add(decoded([700]));
    expect(view(h)).toEqual(view(hist([...values, 700, 900_000, 700])));
  });

  it('a long-run name of ~2,000 distinct latencies costs a byte per bucket of its chunks', () => {
    const { total: h, all } = mergedSeconds(11, 300, 6, 300, 800);
    expect(view(h)).toEqual(view(hist(all)));
    expect(h.footprintBytes).toBeLessThanOrEqual(hist(all).footprintBytes / 3);
  });
});

describe('SparseCounts.merge', () => {
  const of = (pairs: [number, number][]): SparseCounts => {
    const s = new SparseCounts();
    for (const [i, n] of pairs) s.push(i, n);
    return s;
  };
  const pairs = (s: SparseCounts): [number, number][] =>
    Array.from({ length: s.length }, (_, k) => [s.indexes[k]!, s.counts[k]!]);

  it('holds its counts in a byte each until one needs 16 bits, 32, then doubles, keeping every count exact', () => {
    const a = of([
      [1, 200],
      [4, 7],
      [6, 1],
    ]);
    expect(a.counts).toBeInstanceOf(Uint8Array);
    // 3 bytes an entry, in one buffer; the list keeps room for 8 entries.
    expect(a.bytes).toBe(8 * 3);
    expect(a.counts.buffer).toBe(a.indexes.buffer);
    // Widening half way through a merge: 1's sum is the first that does not fit, after 6 and 5 were written above
    // the list's old length.
    a.merge(
      of([
        [1, 100],
        [5, 2],
        [6, 3],
      ]),
    );
    expect(pairs(a)).toEqual([
      [1, 300],
      [4, 7],
      [5, 2],
      [6, 4],
    ]);
    expect(a.counts).toBeInstanceOf(Uint16Array);
    a.merge(of([[6, 2 ** 32 - 5]]));
    expect(a.counts).toBeInstanceOf(Uint32Array);
    a.merge(
      of([
        [0, 9],
        [1, 2 ** 32],
      ]),
    );
    expect(pairs(a)).toEqual([
      [0, 9],
      [1, 2 ** 32 + 300],
      [4, 7],
      [5, 2],
      [6, 2 ** 32 - 1],
    ]);
    expect(a.counts).toBeInstanceOf(Float64Array);
    expect(a.bytes).toBe(a.counts.buffer.byteLength);
    a.push(9, 2 ** 52);
    a.merge(a);
    expect(pairs(a)).toEqual([
      [0, 18],
      [1, 2 ** 33 + 600],
      [4, 14],
      [5, 4],
      [6, 2 ** 33 - 2],
      [9, 2 ** 53],
    ]);
    const decoded = new SparseCounts();
    decoded.assign([3, 5], [2 ** 40, 1], 2);
    expect(pairs(decoded)).toEqual([
      [3, 2 ** 40],
      [5, 1],
    ]);
  });

  it('merges interleaved, equal, leading and trailing indexes in order', () => {
    const a = of([
      [2, 1],
      [5, 1],
      [9, 3],
    ]);
    a.merge(
      of([
        [0, 4],
        [5, 2],
        [7, 1],
        [12, 1],
      ]),
    );
    expect(pairs(a)).toEqual([
      [0, 4],
      [2, 1],
      [5, 3],
      [7, 1],
      [9, 3],
      [12, 1],
    ]);
    a.merge(new SparseCounts());
    expect(a.length).toBe(6);
    const empty = new SparseCounts();
    empty.merge(of([[3, 1]]));
    expect(pairs(empty)).toEqual([[3, 1]]);
  });
});
