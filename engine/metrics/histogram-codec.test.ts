import { describe, expect, it } from 'vitest';
import { Buffer } from 'node:buffer';
import { deflateSync, inflateSync } from 'node:zlib';
import * as hdr from 'hdr-histogram-js';
import { HIGHEST_TRACKABLE_US, Histogram } from './histogram.ts';
import type { EncodedHistogram } from './histogram.ts';
import { V2_ENCODING_COOKIE } from './histogram-codec.ts';
import { rng } from './testing.ts';

const PS = [0, 0.5, 1, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];
const COMPRESSED_COOKIE = 0x1c849304 | 0x10;

/** Log-uniform values over [lo, hi]: every bucket in between gets some. */
function logUniform(n: number, lo: number, hi: number, seed: number): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => Math.floor(lo * (hi / lo) ** r()));
}

const CASES: Record<string, number[]> = {
  empty: [],
  zero: [0],
  'one value': [4321],
  narrow: logUniform(10_000, 1000, 5000, 1),
  wide: logUniform(50_000, 1, HIGHEST_TRACKABLE_US, 2),
  clamped: [...logUniform(1000, 100, 100_000, 3), 9e9, 4e9],
};

function record(values: readonly number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.record(v);
  return h;
}

function oracle(values: readonly number[]) {
  const o = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });
  for (const v of values) o.recordValue(Math.min(v, HIGHEST_TRACKABLE_US));
  return o;
}

function answers(h: Histogram): unknown[] {
  return [h.count, h.sum, h.min, h.max, h.mean, h.clampedCount, h.isEmpty, ...h.valuesAtPercentiles(PS)];
}

/** Re-encodes `e.counts` after letting `edit` change its bytes. */
function withBytes(e: EncodedHistogram, edit: (b: Buffer) => Buffer): EncodedHistogram {
  return { ...e, counts: edit(Buffer.from(e.counts, 'base64')).toString('base64') };
}

describe('toJSON / fromJSON', () => {
  for (const [name, values] of Object.entries(CASES)) {
    it(`round-trips every answer through JSON: ${name}`, () => {
      const h = record(values);
      const e = h.toJSON();
      const back = Histogram.fromJSON(JSON.parse(JSON.stringify(e)));
      expect(answers(back)).toEqual(answers(h));
      expect(back.toJSON()).toEqual(e);
    });
  }

  it('decodes into a reused histogram, leaving it untouched on error', () => {
    const into = record(CASES.wide!);
    const narrow = record(CASES.narrow!);
    expect(Histogram.fromJSON(narrow.toJSON(), into)).toBe(into);
    expect(answers(into)).toEqual(answers(narrow));
    expect(() => Histogram.fromJSON({ ...record(CASES.wide!).toJSON(), count: 1 }, into)).toThrow();
    expect(into.toJSON()).toEqual(narrow.toJSON());
    Histogram.fromJSON(record([]).toJSON(), into);
    expect(into.isEmpty).toBe(true);
    expect(into.toJSON()).toEqual(record([]).toJSON());
  });

  it('is compact for a typical interval', () => {
    const e = record(logUniform(100_000, 1000, 5000, 4)).toJSON();
    // ~2300 populated buckets, one or two varint bytes each, plus the 40-byte header, in base64.
    expect(e.counts.length).toBeLessThan(8 * 1024);
  });
});

describe('HdrHistogram V2 compatibility', () => {
  for (const name of ['narrow', 'wide', 'clamped']) {
    it(`hdr-histogram-js decodes our counts: ${name}`, () => {
      const values = CASES[name]!;
      const raw = Buffer.from(record(values).toJSON().counts, 'base64');
      const compressed = deflateSync(raw);
      const head = Buffer.alloc(8);
      head.writeInt32BE(COMPRESSED_COOKIE | 0, 0);
      head.writeInt32BE(compressed.length, 4);
      const decoded = hdr.decodeFromCompressedBase64(Buffer.concat([head, compressed]).toString('base64'));
      const o = oracle(values);
      expect(decoded.totalCount).toBe(values.length);
      for (const p of PS) expect(decoded.getValueAtPercentile(p)).toBe(o.getValueAtPercentile(p));
    });
  }

  it('writes the same bytes as hdr-histogram-js and reads its output', () => {
    const values = CASES.wide!;
    const ours = record(values);
    const packed = Buffer.from(hdr.encodeIntoCompressedBase64(oracle(values)), 'base64');
    const theirs = inflateSync(packed.subarray(8));
    const mine = Buffer.from(ours.toJSON().counts, 'base64');
    expect(mine.readUInt32BE(0)).toBe(V2_ENCODING_COOKIE);
    // hdr-histogram-js writes 1 as normalizing offset and an int64 ratio; everything else must match.
    expect(mine.subarray(0, 8)).toEqual(theirs.subarray(0, 8));
    expect(mine.subarray(12, 32)).toEqual(theirs.subarray(12, 32));
    expect(mine.subarray(40)).toEqual(theirs.subarray(40));
    const back = Histogram.fromJSON({ ...ours.toJSON(), counts: theirs.toString('base64') });
    expect(answers(back)).toEqual(answers(ours));
  });
});

describe('fromJSON rejects malformed input', () => {
  const good = record([...logUniform(500, 1000, 100_000, 5), 4e9]).toJSON();
  const bad: Record<string, unknown> = {
    'not an object': 'histogram',
    null: null,
    'wrong version': { ...good, v: 2 },
    'missing counts': { ...good, counts: undefined },
    'negative count': { ...good, count: -1 },
    'fractional min': { ...good, min: 1000.5 },
    'string sum': { ...good, sum: '12' },
    'bad base64 characters': { ...good, counts: good.counts.slice(0, -4) + '@@@@' },
    'base64 of wrong length': { ...good, counts: good.counts.slice(0, -1) },
    'truncated payload': withBytes(good, (b) => b.subarray(0, b.length - 3)),
    'truncated header': withBytes(good, (b) => b.subarray(0, 20)),
    'truncated varint': withBytes(good, (b) => {
      const c = Buffer.from(b);
      c[c.length - 1]! |= 0x80;
      return c;
    }),
    'wrong cookie': withBytes(good, (b) => {
      const c = Buffer.from(b);
      c[3] = 0x04;
      return c;
    }),
    'wrong significant digits': withBytes(good, (b) => {
      const c = Buffer.from(b);
      c.writeUInt32BE(2, 12);
      return c;
    }),
    'wrong highest value': withBytes(good, (b) => {
      const c = Buffer.from(b);
      c.writeUInt32BE(1000, 28);
      return c;
    }),
    'index beyond the last bucket': withBytes(good, (b) => payload(b, [-23_552, 1])),
    'oversized varint': withBytes(good, (b) =>
      Buffer.concat([b.subarray(0, 4), u32(10), b.subarray(8, 40), Buffer.alloc(10, 0xff)]),
    ),
    'count does not match counts': { ...good, count: good.count + 1, clamped: good.clamped },
    'min in another bucket': { ...good, min: good.min - 10 },
    'max not the clamp value despite clamped': { ...good, clamped: good.clamped + 1, max: good.max - 1 },
    'impossible sum': { ...good, sum: good.min * good.count - 1 },
    'empty with a min': { ...record([]).toJSON(), min: 5 },
  };

  for (const [name, input] of Object.entries(bad)) {
    it(name, () => {
      expect(() => Histogram.fromJSON(input)).toThrow(/^Invalid encoded histogram: /);
    });
  }

  it('accepts the untouched input (so the cases above fail for their own reason)', () => {
    expect(Histogram.fromJSON(good).toJSON()).toEqual(good);
  });
});

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
}

/** Replaces the payload with the given (small) numbers, zigzag LEB128 encoded. */
function payload(b: Buffer, numbers: number[]): Buffer {
  const bytes: number[] = [];
  for (const n of numbers) {
    let z = n >= 0 ? n * 2 : -n * 2 - 1;
    while (z >= 0x80) {
      bytes.push((z & 0x7f) | 0x80);
      z = Math.floor(z / 128);
    }
    bytes.push(z);
  }
  return Buffer.concat([b.subarray(0, 4), u32(bytes.length), b.subarray(8, 40), Buffer.from(bytes)]);
}
