import { describe, expect, it } from 'vitest';
import * as hdr from 'hdr-histogram-js';
import { HIGHEST_TRACKABLE_US, Histogram, percentileSummary } from './histogram.ts';
import { rng, uniform } from './testing.ts';

const PS = [0, 1, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];

function logNormal(n: number, seed: number): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
    return Math.round(Math.exp(Math.log(5000) + 1.5 * z));
  });
}

const nearPowersOfTwo: number[] = [];
for (let k = 0; k <= 32; k++) for (const d of [-1, 0, 1]) nearPowersOfTwo.push(2 ** k + d);

/** The documented input rule: negative and NaN -> 0, fractions floored, above one hour clamped. */
function normalize(v: number): number {
  if (!(v >= 0)) return 0;
  return v > HIGHEST_TRACKABLE_US ? HIGHEST_TRACKABLE_US : Math.floor(v);
}

const DISTRIBUTIONS: Record<string, number[]> = {
  'uniform 1..1e6': uniform(100_000, 1, 1_000_000, 1),
  'log-normal': logNormal(100_000, 2),
  'narrow 1000..1100': uniform(20_000, 1000, 1100, 3),
  'a single value': [12_345],
  'one value many times': Array.from({ length: 1000 }, () => 777_777),
  'near powers of two': nearPowersOfTwo,
  'above the max': [...uniform(1000, 1, 1_000_000, 4), 3_600_000_001, 5e9, 1e12, Infinity, HIGHEST_TRACKABLE_US],
  'only zeros': Array.from({ length: 50 }, () => 0),
  'zeros and values': [0, 0, 0, ...uniform(500, 1, 5000, 5)],
  'negative, fractional, NaN': [-5, -Infinity, 12.7, 0.3, NaN, 2048.999, 4096.5, ...uniform(100, 1, 100, 6)],
  'whole range': uniform(50_000, 1, HIGHEST_TRACKABLE_US, 7),
};

function oracle(values: readonly number[]) {
  const o = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });
  for (const v of values) o.recordValue(normalize(v));
  return o;
}

function record(values: readonly number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.record(v);
  return h;
}

const manyPs = [...PS, ...uniform(100, 0, 100_000, 8).map((x) => x / 1000)];

describe('Histogram against hdr-histogram-js', () => {
  for (const [name, values] of Object.entries(DISTRIBUTIONS)) {
    it(`matches percentiles and exact stats: ${name}`, () => {
      const h = record(values);
      const o = oracle(values);
      const norm = values.map(normalize);
      const max = Math.max(...norm);
      for (const p of manyPs) {
        expect(h.valueAtPercentile(p), `p${p}`).toBe(Math.min(o.getValueAtPercentile(p), max));
      }
      const sum = norm.reduce((a, b) => a + b, 0);
      expect(h.count).toBe(values.length);
      expect(h.min).toBe(Math.min(...norm));
      expect(h.max).toBe(max);
      expect(h.sum).toBe(sum);
      expect(h.mean).toBe(sum / values.length);
      expect(h.clampedCount).toBe(values.filter((v) => v > HIGHEST_TRACKABLE_US).length);
      expect(h.valueAtPercentile(100)).toBe(max);
      expect(h.isEmpty).toBe(false);
    });
  }

  it('answers several percentiles in one pass like one at a time', () => {
    const h = record(DISTRIBUTIONS['log-normal']!);
    const one = manyPs.map((p) => h.valueAtPercentile(p));
    expect(h.valuesAtPercentiles(manyPs)).toEqual(one);
    expect(percentileSummary(h, [99, 50, 0])).toEqual([one[7], one[3], one[0]]);
  });

  it('is all zeros when empty and rejects percentiles outside [0, 100]', () => {
    const h = new Histogram();
    expect([h.count, h.min, h.max, h.sum, h.mean, h.clampedCount, h.footprintBytes]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(h.isEmpty).toBe(true);
    expect(h.valuesAtPercentiles(PS)).toEqual(PS.map(() => 0));
    for (const p of [-1, 100.5, NaN]) expect(() => h.valueAtPercentile(p)).toThrow(RangeError);
  });
});

describe('Histogram.add', () => {
  const values = [...DISTRIBUTIONS['log-normal']!, ...DISTRIBUTIONS['above the max']!, 0];

  it('merging two halves equals one histogram that recorded everything', () => {
    const a = record(values.filter((_, i) => i % 3 === 0));
    const b = record(values.filter((_, i) => i % 3 !== 0));
    a.add(b);
    const all = record(values);
    expect(a.valuesAtPercentiles(manyPs)).toEqual(all.valuesAtPercentiles(manyPs));
    expect([a.count, a.min, a.max, a.sum, a.clampedCount]).toEqual([
      all.count,
      all.min,
      all.max,
      all.sum,
      all.clampedCount,
    ]);
    expect(a.toJSON()).toEqual(all.toJSON());
  });

  it('merges disjoint ranges, into and from empty histograms', () => {
    const narrow = DISTRIBUTIONS['narrow 1000..1100']!;
    const far = uniform(100, 900_000_000, 1_000_000_000, 9);
    const merged = new Histogram();
    merged.add(record(far));
    merged.add(new Histogram());
    merged.add(record(narrow));
    const o = oracle([...narrow, ...far]);
    for (const p of manyPs)
      expect(merged.valueAtPercentile(p)).toBe(Math.min(o.getValueAtPercentile(p), Math.max(...far)));
    expect([merged.min, merged.max, merged.count]).toEqual([1000, Math.max(...far), narrow.length + far.length]);
  });
});

describe('Histogram.reset and memory', () => {
  it('reset empties, keeps its memory, and leaves no stale counts', () => {
    const h = record(DISTRIBUTIONS['whole range']!);
    const footprint = h.footprintBytes;
    h.reset();
    expect([h.count, h.min, h.max, h.sum, h.mean, h.clampedCount]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(h.isEmpty).toBe(true);
    expect(h.footprintBytes).toBe(footprint);
    expect(h.toJSON()).toEqual(new Histogram().toJSON());
    // Overlaps the old range, so counts not cleared by reset would show.
    const next = [...DISTRIBUTIONS['narrow 1000..1100']!, ...uniform(1000, 1, HIGHEST_TRACKABLE_US, 12)];
    for (const v of next) h.record(v);
    expect(h.toJSON()).toEqual(record(next).toJSON());
    expect(h.footprintBytes).toBeGreaterThanOrEqual(footprint);
  });

  it('allocates little for a narrow distribution, more for a wide one', () => {
    const narrow = record(uniform(100_000, 1000, 5000, 10));
    expect(narrow.footprintBytes).toBeGreaterThan(0);
    expect(narrow.footprintBytes).toBeLessThan(16 * 1024);
    const r = rng(11);
    const wide = record(Array.from({ length: 100_000 }, () => Math.exp(r() * Math.log(HIGHEST_TRACKABLE_US))));
    expect(wide.footprintBytes).toBeGreaterThan(64 * 1024);
    expect(wide.footprintBytes).toBeLessThanOrEqual(23_552 * 4);
  });
});

describe('counts beyond 2^32', () => {
  /** A histogram holding `value` 2^k times, built by doubling. */
  function doubled(value: number, k: number): Histogram {
    const h = record([value]);
    for (let i = 0; i < k; i++) h.add(h);
    return h;
  }

  it('carries in add() and in record()', () => {
    expect(doubled(1500, 33).count).toBe(2 ** 33);
    // 2^32 - 1 counts of 1500 via add, then the 2^32nd via record.
    const acc = new Histogram();
    for (let k = 0; k < 32; k++) acc.add(doubled(1500, k));
    acc.record(1500);
    acc.add(doubled(2500, 32));
    expect(acc.count).toBe(2 ** 33);
    // Losing a carry would leave 1500's bucket (nearly) empty and move the median to 2500.
    expect(acc.valueAtPercentile(50)).toBe(1500);
    expect(acc.valueAtPercentile(50.001)).toBe(2500);
    const back = Histogram.fromJSON(JSON.parse(JSON.stringify(acc.toJSON())));
    expect(back.valuesAtPercentiles([0, 50, 50.001, 100])).toEqual(acc.valuesAtPercentiles([0, 50, 50.001, 100]));
    expect(back.toJSON()).toEqual(acc.toJSON());
    acc.reset(); // must clear the high parts too
    acc.record(1500);
    acc.record(2500);
    expect(acc.toJSON()).toEqual(record([1500, 2500]).toJSON());
  });

  it('a carry takes a high-part table of its own: other histograms never see it', () => {
    const bystander = record([1500, 3000]);
    const big = doubled(1500, 33);
    const fresh = new Histogram();
    fresh.record(1500);
    expect(big.count).toBe(2 ** 33);
    expect(bystander.toJSON()).toEqual(record([1500, 3000]).toJSON());
    expect(fresh.toJSON()).toEqual(record([1500]).toJSON());
    // Only a histogram with a count past 2^32 pays for the high parts (a 92-entry table and a 2 KB chunk).
    expect(bystander.footprintBytes).toBe(2 * 1024);
    expect(big.footprintBytes).toBe(1024 + 2048);
  });
});
