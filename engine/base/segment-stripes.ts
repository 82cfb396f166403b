/**
 * k6's striping of a full segment sequence (ExecutionSegmentSequenceWrapper in grafana/k6
 * lib/execution_segment.go), reimplemented: every element 0, 1, 2, ... of anything countable (VUs, iterations,
 * data rows) is given to exactly one segment, each segment taking its length's share of every LCD consecutive
 * elements, spread out as evenly as possible. A segment's elements are `start`, then `start + offsets[0]`,
 * `+ offsets[1]`, ... cycling through `offsets` (which add up to the LCD).
 *
 * Scaling an integer Q for segment i (ScaleInt64) counts its elements below Q, so the values of all segments
 * add up to exactly Q and only ever grow with Q.
 */
import { compare, fraction, ONE, SegmentError, sub, ZERO, type ExecutionSegment, type Fraction } from './segment.ts';

/** The striping loop costs O(LCD x segments): sequences with a larger common denominator are refused. */
export const MAX_LCD = 1_000_000;

export class SegmentStripes {
  readonly sequence: readonly ExecutionSegment[];
  readonly lcd: number;
  /** Per segment: [start, ...offsets]. */
  private readonly stripes: number[][];

  /** `sequence` must be full (from 0 to 1, without gaps): see fillSequence. */
  constructor(sequence: readonly ExecutionSegment[]) {
    const first = sequence[0];
    const last = sequence[sequence.length - 1];
    if (!first || !last || compare(first.from, ZERO) !== 0 || compare(last.to, ONE) !== 0) {
      throw new SegmentError('internal: the striping needs a full segment sequence (from 0 to 1)');
    }
    this.sequence = sequence;
    const lengths = sequence.map((s) => sub(s.to, s.from));
    this.lcd = lcdOf(lengths);
    // Numerators over the LCD, biggest segments first (a stable sort, as k6's sort.SliceStable).
    const sorted = lengths
      .map((l, index) => ({ num: Number(l.n) * (this.lcd / Number(l.d)), index }))
      .sort((a, b) => b.num - a.num);
    const stripes: number[][] = sequence.map(() => []);
    const prev = new Array<number>(sequence.length).fill(0);
    const chosen = new Array<number>(sequence.length).fill(0);
    const save = (element: number, index: number, num: number): void => {
      const s = stripes[index] as number[];
      s.push(element - (prev[index] as number));
      prev[index] = element;
      // Closing offset: from the last element of this cycle to the first of the next.
      if (s.length === num) s.push((s[0] as number) + this.lcd - element);
    };
    // Element e goes to the first segment (biggest first) whose next element is due: chosen * lcd / num <= e.
    for (let e = 0; e < this.lcd; e++) {
      for (let k = 0; k < sorted.length; k++) {
        const { num, index } = sorted[k] as { num: number; index: number };
        const due = (chosen[k] as number) * this.lcd;
        const q = Math.floor(due / num);
        if (e > q || (e === q && due % num === 0)) {
          chosen[k] = (chosen[k] as number) + 1;
          save(e, index, num);
          break;
        }
      }
    }
    this.stripes = stripes;
  }

  /** The first element of segment `index` and the offsets to each next one (they add up to the LCD). */
  offsets(index: number): { start: number; offsets: readonly number[] } {
    const s = this.stripe(index);
    return { start: s[0] as number, offsets: s.slice(1) };
  }

  /** k6's ScaleInt64: how many of `value` elements (0..value-1) segment `index` gets. */
  scale(index: number, value: number): number {
    const s = this.stripe(index);
    const per = s.length - 1;
    let result = Math.floor(value / this.lcd) * per;
    const rest = value % this.lcd;
    for (let k = 0, e = s[0] as number; e < rest; e += s[1 + k] as number, k++) result++;
    return result;
  }

  /**
   * k6's GetNewExecutionSegmentSequenceFromValue: the sequence re-cut so each segment's length is its share of
   * `value` (scale(i, value) / value), keeping the order and dropping segments that get nothing. Returns the
   * new stripes and where segment `index` went, or undefined when it gets nothing (or value < 1).
   */
  forValue(value: number, index: number): { stripes: SegmentStripes; index: number } | undefined {
    if (value < 1) return undefined;
    if (value % this.lcd === 0) return { stripes: this, index };
    const cut: ExecutionSegment[] = [];
    let at = -1;
    let prev = 0;
    for (let i = 0; i < this.sequence.length; i++) {
      const share = this.scale(i, value);
      if (share === 0) continue;
      if (i === index) at = cut.length;
      cut.push({ from: fraction(BigInt(prev), BigInt(value)), to: fraction(BigInt(prev + share), BigInt(value)) });
      prev += share;
    }
    return at < 0 ? undefined : { stripes: new SegmentStripes(cut), index: at };
  }

  private stripe(index: number): number[] {
    const s = this.stripes[index];
    if (!s) throw new RangeError(`no segment ${index} in a sequence of ${this.sequence.length}`);
    return s;
  }
}

/** Least common multiple of the lengths' denominators (k6's LCD), refused above MAX_LCD. */
function lcdOf(lengths: readonly Fraction[]): number {
  let acc = 1n;
  for (const l of lengths) {
    let a = acc;
    let b = l.d;
    while (b !== 0n) [a, b] = [b, a % b];
    acc = (acc / a) * l.d;
    if (acc > BigInt(MAX_LCD)) {
      throw new SegmentError(
        `the segments' common denominator exceeds ${MAX_LCD}: use simpler fractions (such as 1/4 or 3/10)`,
      );
    }
  }
  return Number(acc);
}
