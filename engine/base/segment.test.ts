/**
 * Segment math against k6's own tables (grafana/k6 lib/execution_segment_test.go: TestExecutionSegmentUnmarshalText,
 * TestExecutionSegmentStringSequences, TestGetStripedOffsets, TestSequenceLCD, TestNewExecutionTuple, TestBigScale,
 * TestGetNewExecutionTupleBesedOnValue, TestExecutionTupleScale) and the properties k6 tests with random sequences.
 */
import { describe, expect, it } from 'vitest';
import {
  formatSegment,
  formatSequence,
  parseExecutionSegment,
  parseSegmentSequence,
  segmentOfN,
  SegmentError,
  type ExecutionSegment,
} from './segment.ts';
import { SegmentStripes } from './segment-stripes.ts';
import { SegmentTuple } from './segment-tuple.ts';

const tuple = (seg: string | undefined, seq: string | undefined): SegmentTuple =>
  SegmentTuple.of(
    seg === undefined ? undefined : parseExecutionSegment(seg),
    seq ? parseSegmentSequence(seq) : undefined,
  );

describe('parsing (k6 TestExecutionSegmentUnmarshalText, TestExecutionSegmentStringSequences)', () => {
  it.each([
    ['0:1', '0:1'],
    ['0.5:0.75', '1/2:3/4'],
    ['1/2:3/4', '1/2:3/4'],
    ['50%:75%', '1/2:3/4'],
    ['2/4:75%', '1/2:3/4'],
    ['75%', '0:3/4'],
    ['', '0:1'],
  ])('%s is %s', (text, want) => {
    expect(formatSegment(parseExecutionSegment(text))).toBe(want);
    expect(formatSegment(parseExecutionSegment(formatSegment(parseExecutionSegment(text))))).toBe(want);
  });

  it.each(['125%', '1a5%', '1a5', '1a5%:2/3', '125%:250%', '55%:50%', '-1:1', '1/0', '0:2'])('refuses %s', (text) => {
    expect(() => parseExecutionSegment(text)).toThrow(SegmentError);
  });

  it.each([
    ['0.5,1', ['1/2:1']],
    ['1/2,1', ['1/2:1']],
    ['1/3,2/3', ['1/3:2/3']],
    ['0,1/3,2/3', ['0:1/3', '1/3:2/3']],
    ['0,1/3,2/3,1', ['0:1/3', '1/3:2/3', '2/3:1']],
    ['0.5,0.7', ['1/2:7/10']],
    ['0.5,0.7,1', ['1/2:7/10', '7/10:1']],
    ['0,1/13,2/13,1/3,1/2,3/4,1', ['0:1/13', '1/13:2/13', '2/13:1/3', '1/3:1/2', '1/2:3/4', '3/4:1']],
  ])('sequence %s', (text, want) => {
    expect(parseSegmentSequence(text).map(formatSegment)).toEqual(want);
  });

  it.each(['0.5', '1,1', '-0.5,1', '1/2,1/2', '1/2,1/3', '0,1,1/2'])('refuses the sequence %s', (text) => {
    expect(() => parseSegmentSequence(text)).toThrow(SegmentError);
  });

  it('splits the test into N numbered parts (k6 TestExecutionSegmentSplit on the whole test)', () => {
    expect(segmentOfN(1, 1).sequence.map(formatSegment)).toEqual(['0:1']);
    expect([1, 2, 3].map((i) => formatSegment(segmentOfN(i, 3).segment))).toEqual(['0:1/3', '1/3:2/3', '2/3:1']);
    expect(formatSequence(segmentOfN(2, 4).sequence)).toBe('0,1/4,1/2,3/4,1');
    expect(() => segmentOfN(0, 4)).toThrow(/between 1 and 4 \(segments are numbered from 1\)/);
    expect(() => segmentOfN(5, 4)).toThrow(SegmentError);
    expect(() => segmentOfN(1, 0)).toThrow(SegmentError);
  });
});

describe('striping (k6 TestGetStripedOffsets, TestSequenceLCD)', () => {
  it.each([
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0:0.3', 0, [4, 3, 3], 10],
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0.3:0.5', 1, [4, 6], 10],
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0.5:0.6', 2, [10], 10],
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0.6:0.7', 3, [10], 10],
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0.8:0.9', 8, [10], 10],
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', '0.9:1', 9, [10], 10],
    ['0,0.2,0.5,0.6,0.7,0.8,0.9,1', '0.9:1', 9, [10], 10],
    ['0,0.2,0.5,0.6,0.7,0.8,0.9,1', '0:0.2', 1, [4, 6], 10],
    ['0,0.2,0.5,0.6,0.7,0.8,0.9,1', '0.6:0.7', 3, [10], 10],
    ['0,0.2,0.5', '0:0.2', 3, [6, 4], 10],
    ['0,0.2,0.5', '0.2:0.5', 1, [4, 2, 4], 10],
    ['0,2/5,4/5', '0:2/5', 0, [3, 2], 5],
    ['0,2/5,4/5', '2/5:4/5', 1, [3, 2], 5],
    ['', '0:0.2', 1, [5], 5],
    ['', '0:1/5', 1, [5], 5],
    ['', '0:2/10', 1, [5], 5],
    ['', '0:0.4', 1, [2, 3], 5],
    ['', '0:2/5', 1, [2, 3], 5],
    ['', '2/5:4/5', 1, [3, 2], 5],
    ['', '0:4/10', 1, [2, 3], 5],
    ['', '1/10:5/10', 1, [2, 2, 4, 2], 10],
  ] as const)('sequence "%s", segment %s: start %d, offsets %j, lcd %d', (seq, seg, start, offsets, lcd) => {
    const t = tuple(seg, seq);
    expect(t.stripes.offsets(t.index)).toEqual({ start, offsets });
    expect(t.stripes.lcd).toBe(lcd);
  });

  it.each([
    ['0,0.3,0.5,0.6,0.7,0.8,0.9,1', 10],
    ['0,0.1,0.5,0.6,0.7,0.8,0.9,1', 10],
    ['0,1/3,5/6', 6],
    ['0,1/3,4/7', 21],
  ])('lcd of %s is %d', (seq, lcd) => {
    expect(tuple(undefined, seq).stripes.lcd).toBe(lcd);
  });

  it('refuses sequences whose common denominator would make the striping too slow', () => {
    expect(() => tuple('0:1/1000003', '0,1/1000003,1/2,1')).toThrow(/common denominator exceeds/);
  });
});

describe('scaling (k6 TestNewExecutionTuple, TestBigScale, TestExecutionTupleScale)', () => {
  const cases: [
    string | undefined,
    string | undefined,
    Record<number, number>,
    Record<number, Record<number, number> | null>,
  ][] = [
    [undefined, undefined, { 50: 50, 1: 1, 0: 0 }, { 50: { 50: 50, 1: 1, 0: 0 }, 1: { 50: 50, 1: 1, 0: 0 }, 0: null }],
    ['0:1', undefined, { 50: 50, 1: 1, 0: 0 }, { 50: { 50: 50, 1: 1, 0: 0 }, 1: { 50: 50, 1: 1, 0: 0 }, 0: null }],
    ['0:1', '0,1', { 50: 50, 1: 1, 0: 0 }, { 50: { 50: 50, 1: 1, 0: 0 }, 1: { 50: 50, 1: 1, 0: 0 }, 0: null }],
    [
      '0:1/3',
      '0,1/3,2/3,1',
      { 50: 17, 3: 1, 2: 1, 1: 1, 0: 0 },
      {
        50: { 50: 17, 1: 1, 0: 0 },
        20: { 50: 18, 1: 1, 0: 0 },
        3: { 50: 17, 1: 1, 0: 0 },
        2: { 50: 25, 1: 1, 0: 0 },
        1: { 50: 50, 1: 1, 0: 0 },
        0: null,
      },
    ],
    [
      '1/3:2/3',
      '0,1/3,2/3,1',
      { 50: 17, 3: 1, 2: 1, 1: 0, 0: 0 },
      {
        50: { 50: 17, 1: 0, 0: 0 },
        20: { 50: 17, 1: 0, 0: 0 },
        3: { 50: 17, 1: 0, 0: 0 },
        2: { 50: 25, 1: 0, 0: 0 },
        1: null,
        0: null,
      },
    ],
    [
      '2/3:1',
      '0,1/3,2/3,1',
      { 50: 16, 3: 1, 2: 0, 1: 0, 0: 0 },
      { 50: { 50: 16, 1: 0, 0: 0 }, 20: { 50: 15, 1: 0, 0: 0 }, 3: { 50: 16, 1: 0, 0: 0 }, 2: null, 1: null, 0: null },
    ],
  ];
  it.each(cases)('segment %s of sequence %s', (seg, seq, scales, rescaled) => {
    const t = tuple(seg, seq);
    for (const [value, want] of Object.entries(scales)) expect(t.scale(Number(value)), `scale(${value})`).toBe(want);
    for (const [value, table] of Object.entries(rescaled)) {
      const r = t.forValue(Number(value));
      if (table === null) {
        expect(r, `forValue(${value})`).toBeUndefined();
        continue;
      }
      for (const [v, want] of Object.entries(table))
        expect(r?.scale(Number(v)), `forValue(${value}).scale(${v})`).toBe(want);
    }
  });

  it('re-cuts a sequence by a value (k6 TestGetNewExecutionTupleBesedOnValue) and scales it (TestBigScale)', () => {
    const r = tuple('0:1/3', '0,1/3,2/3,1').forValue(20);
    expect(r && formatSequence(r.stripes.sequence)).toBe('0,7/20,7/10,1');
    expect(tuple('0:7/20', '0,7/20,7/10,1').scale(50)).toBe(18);
  });

  it('scales halves with or without a sequence (k6 TestExecutionTupleScale)', () => {
    for (const seq of [undefined, '0,0.5,1']) {
      expect([tuple('0.5', seq).scale(2), tuple('0.5', seq).scale(3)]).toEqual([1, 2]);
      expect([tuple('0.5:1.0', seq).scale(2), tuple('0.5:1.0', seq).scale(3)]).toEqual([1, 1]);
    }
  });
});

describe('properties over random sequences (k6 TestExecutionTupleScaleConsistency, TestExecutionSegmentScaleNoWobble)', () => {
  // A deterministic generator: the test fails the same way every time.
  let seed = 12345;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const randomSequence = (): ExecutionSegment[] => {
    const parts = Array.from({ length: 2 + rand(9) }, () => 1 + rand(20));
    const total = parts.reduce((a, b) => a + b, 0);
    let acc = 0;
    return parseSegmentSequence(['0', ...parts.map((p) => `${(acc += p)}/${total}`)].join(','));
  };

  it('splits every quantity exactly, never shrinking as it grows, and stripes every element to one segment', () => {
    for (let round = 0; round < 25; round++) {
      const seq = randomSequence();
      const tuples = seq.map((s) => SegmentTuple.of(s, seq));
      for (const q of [0, 1, 2, 7, 50, 99, 1000, 12_345])
        expect(
          tuples.reduce((n, t) => n + t.scale(q), 0),
          `${formatSequence(seq)} q=${q}`,
        ).toBe(q);
      for (const t of tuples) for (let q = 1; q < 300; q++) expect(t.scale(q)).toBeGreaterThanOrEqual(t.scale(q - 1));
      const owner = new Map<number, number>();
      tuples.forEach((t, i) => {
        for (let local = 0; t.globalIndex(local) < 500; local++) {
          const g = t.globalIndex(local);
          expect(owner.has(g), `element ${g} given twice`).toBe(false);
          owner.set(g, i);
          expect(t.owns(g)).toBe(true);
          expect(t.scale(g + 1)).toBe(local + 1); // the local-th element is below g + 1, the next is not
        }
      });
      for (let g = 0; g < 500; g++) expect(owner.has(g), `element ${g} given to no segment`).toBe(true);
    }
  });

  it('leaves the whole test alone', () => {
    const whole = SegmentTuple.whole();
    expect(whole.isWhole).toBe(true);
    expect([whole.scale(17), whole.globalIndex(5), whole.owns(3)]).toEqual([17, 5, true]);
    expect(whole.spec).toEqual({ segment: '0:1', sequence: '0,1' });
    expect(new SegmentStripes(whole.stripes.sequence).lcd).toBe(1);
  });

  it('travels as text and comes back the same', () => {
    const t = SegmentTuple.of(segmentOfN(3, 4).segment, segmentOfN(3, 4).sequence);
    expect(t.spec).toEqual({ segment: '1/2:3/4', sequence: '0,1/4,1/2,3/4,1' });
    expect(SegmentTuple.fromSpec(t.spec).index).toBe(2);
    expect(() => SegmentTuple.fromSpec({ segment: '1/3:2/3', sequence: '0,1/4,1/2,3/4,1' })).toThrow(
      /is not one of the sequence/,
    );
  });
});
