/**
 * One segment of a full sequence (k6's ExecutionTuple): scales integer quantities and lists the segment's
 * elements of the global order (k6's SegmentedIndex), 0-based. The whole test (no segment) is the tuple of the
 * sequence "0,1": scale(q) = q and every element is its own.
 */
import {
  fillSequence,
  formatSegment,
  formatSequence,
  parseExecutionSegment,
  parseSegmentSequence,
  sameSegment,
  SegmentError,
  type ExecutionSegment,
} from './segment.ts';
import { SegmentStripes } from './segment-stripes.ts';

/** How a run's segment travels (CLI -> engine -> workers -> result file): k6's text forms. */
export interface SegmentSpec {
  /** `from:to`, e.g. `1/4:1/2`. */
  segment: string;
  /** The full sequence, e.g. `0,1/4,1/2,3/4,1`. */
  sequence: string;
}

export class SegmentTuple {
  readonly stripes: SegmentStripes;
  readonly index: number;
  private readonly start: number;
  private readonly offsets: readonly number[];
  /** prefix[k] = offsets[0] + ... + offsets[k-1]. */
  private readonly prefix: number[];

  constructor(stripes: SegmentStripes, index: number) {
    this.stripes = stripes;
    this.index = index;
    const { start, offsets } = stripes.offsets(index);
    this.start = start;
    this.offsets = offsets;
    this.prefix = [0];
    for (const o of offsets) this.prefix.push((this.prefix.at(-1) as number) + o);
  }

  /** k6's NewExecutionTuple: the segment within its sequence (filled to cover 0..1); both optional. */
  static of(seg: ExecutionSegment | undefined, sequence: readonly ExecutionSegment[] | undefined): SegmentTuple {
    const filled = fillSequence(sequence, seg);
    const index = seg ? filled.findIndex((s) => sameSegment(s, seg)) : 0;
    if (index < 0)
      throw new SegmentError(
        `the segment ${formatSegment(seg as ExecutionSegment)} is not one of the sequence ${formatSequence(filled)}`,
      );
    return new SegmentTuple(new SegmentStripes(filled), index);
  }

  static whole(): SegmentTuple {
    return SegmentTuple.of(undefined, undefined);
  }

  static fromSpec(spec: SegmentSpec): SegmentTuple {
    return SegmentTuple.of(parseExecutionSegment(spec.segment), parseSegmentSequence(spec.sequence));
  }

  get segment(): ExecutionSegment {
    return this.stripes.sequence[this.index] as ExecutionSegment;
  }
  get isWhole(): boolean {
    return this.stripes.sequence.length === 1;
  }
  get spec(): SegmentSpec {
    return { segment: formatSegment(this.segment), sequence: formatSequence(this.stripes.sequence) };
  }

  /** This segment's share of the integer `value` (k6's ExecutionTuple.ScaleInt64). */
  scale(value: number): number {
    return this.isWhole ? value : this.stripes.scale(this.index, value);
  }

  /** The global index (0-based) of this segment's `local`-th element (0-based). */
  globalIndex(local: number): number {
    const per = this.offsets.length;
    const cycles = Math.floor(local / per);
    return cycles * this.stripes.lcd + this.start + (this.prefix[local - cycles * per] as number);
  }

  /** Does the global element `global` belong to this segment? */
  owns(global: number): boolean {
    const rest = global % this.stripes.lcd;
    for (let k = 0, e = this.start; e <= rest; e += this.offsets[k] as number, k++) if (e === rest) return true;
    return false;
  }

  /**
   * k6's GetNewExecutionTupleFromValue: the tuple re-cut so this segment's share of everything equals its share
   * of `value` (used for what depends on a segment's VUs); undefined when the segment gets none of `value`.
   */
  forValue(value: number): SegmentTuple | undefined {
    const r = this.stripes.forValue(value, this.index);
    return r ? new SegmentTuple(r.stripes, r.index) : undefined;
  }
}
