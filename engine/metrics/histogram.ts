/**
 * Latency histogram with HdrHistogram's exact bucket layout (lowest 1 µs, highest 1 hour, 3 significant
 * digits), so percentiles equal hdr-histogram-js's, but with counts stored in lazily allocated chunks:
 * recording is a few integer operations and a narrow distribution costs a few KB instead of ~92 KB.
 * A histogram that is only merged into and read (the coordinator's one per request name) starts sparse
 * (histogram-sparse.ts: 3 to 6 bytes per populated bucket) and takes chunks once it records or outgrows that.
 */
import { readV2Counts, V2CountsWriter } from './histogram-codec.ts';
import type { V2Layout } from './histogram-codec.ts';
import { SPARSE_MAX, SparseCounts } from './histogram-sparse.ts';

/** Highest trackable value: one hour in µs. Larger values are recorded as this one and counted as clamped. */
export const HIGHEST_TRACKABLE_US = 3_600_000_000;

/** JSON-safe form of a histogram; `counts` is base64 of an uncompressed HdrHistogram V2 buffer. */
export interface EncodedHistogram {
  v: 1;
  count: number;
  sum: number;
  min: number;
  max: number;
  clamped: number;
  counts: string;
}

// 3 digits need unit resolution up to 2000, so 2048 sub-buckets; every further bucket doubles the unit
// and adds its upper 1024 sub-buckets. 22 buckets reach 2048 * 2^21 > 3.6e9: (22 + 1) * 1024 indexes.
const HALF_BITS = 10;
const COUNTS_LENGTH = 23 << HALF_BITS;
const CHUNK_BITS = 8; // 256 counts = 1 KB per chunk: a 1-5 ms distribution touches 10 of them
const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIZE - 1;
const CHUNKS = COUNTS_LENGTH >>> CHUNK_BITS;
const TWO_32 = 4294967296;
const LAYOUT: V2Layout = {
  significantDigits: 3,
  lowest: 1,
  highest: HIGHEST_TRACKABLE_US,
  countsLength: COUNTS_LENGTH,
};
// What a sparse histogram's chunk tables point to, and a chunked one's `hi` until a count passes 2^32: never written
// (a histogram takes its own table before it writes one).
const NO_LO: (Uint32Array | undefined)[] = new Array<Uint32Array | undefined>(CHUNKS).fill(undefined);
const NO_HI: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(CHUNKS).fill(undefined);
/** A chunk of a merged histogram: as narrow as its largest count allows (addNarrow). */
type Chunk = Uint8Array | Uint16Array | Uint32Array;

/** Counts index of an integer 0 <= v < 2^32 (HdrHistogram's countsArrayIndex for unit magnitude 0). */
function indexOf(v: number): number {
  // The bucket is the highest set bit - HALF_BITS; `| 2047` maps values below 2048 to bucket 0
  // without a branch (random latencies made a branch here mispredict, doubling record's cost).
  const shift = 21 - Math.clz32(v | 2047);
  return (shift << HALF_BITS) + (v >>> shift);
}

function lowestAt(i: number): number {
  const shift = (i >>> HALF_BITS) - 1;
  return shift > 0 ? ((i & 1023) + 1024) * 2 ** shift : i;
}

function highestAt(i: number): number {
  const shift = (i >>> HALF_BITS) - 1;
  return shift > 0 ? ((i & 1023) + 1025) * 2 ** shift - 1 : i;
}

/** hdr-histogram-js's count needed to reach percentile p, including its 1-ulp guard. */
function countAtPercentile(p: number, total: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`Percentile must be within [0, 100], got ${p}`);
  const fp = (p / 100) * total;
  return Math.max(Math.ceil(fp - 2 ** (Math.floor(Math.log2(fp)) - 52)), 1);
}

/** Fixed configuration: lowest discernible 1 µs, highest trackable 3_600_000_000 µs (1 hour), 3 significant digits. */
export class Histogram {
  // Counts are Uint32 (half of Float64's memory); the rare overflow past 2^32 carries into `hi`.
  private lo = NO_LO;
  private hi = NO_HI;
  /** The counts while sparse; undefined once the histogram has chunks. */
  private sparse: SparseCounts | undefined = new SparseCounts();
  /**
   * The chunks of a histogram that outgrew its sparse list by merging (the coordinator's per request name): bytes,
   * widened to 16 or 32 bits chunk by chunk as counts need (a long run's 10,000 names hold ~2,000 buckets each,
   * nearly all counts small). `lo` stays empty meanwhile, so `record` finds no chunk there and makes the histogram
   * Uint32 again (allocate): its hot path never sees a narrow chunk.
   */
  private narrow: (Chunk | undefined)[] | undefined = undefined;
  private total = 0;
  private valueSum = 0;
  private minValue = Infinity;
  private maxValue = -Infinity;
  private clamped = 0;
  private bytes = 0;

  /** Records one value in µs: negative (and NaN) as 0, fractions floored, above one hour clamped. */
  record(valueUs: number): void {
    let v = 0;
    if (valueUs >= 0) {
      if (valueUs <= HIGHEST_TRACKABLE_US) v = Math.floor(valueUs);
      else {
        v = HIGHEST_TRACKABLE_US;
        this.clamped++;
      }
    }
    const idx = indexOf(v);
    const c = idx >>> CHUNK_BITS;
    const chunk = this.lo[c] ?? this.allocate(c);
    const j = idx & CHUNK_MASK;
    const n = chunk[j]! + 1;
    chunk[j] = n; // 2^32 wraps to 0 in the Uint32Array; carry it
    if (n === TWO_32) this.carry(c, j, 1);
    this.total++;
    this.valueSum += v;
    if (v < this.minValue) this.minValue = v;
    if (v > this.maxValue) this.maxValue = v;
  }

  get count(): number {
    return this.total;
  }
  get isEmpty(): boolean {
    return this.total === 0;
  }
  /** Exact smallest recorded value (0 when empty). */
  get min(): number {
    return this.total === 0 ? 0 : this.minValue;
  }
  /** Exact largest recorded value (0 when empty). */
  get max(): number {
    return this.total === 0 ? 0 : this.maxValue;
  }
  /** Exact sum of recorded values after flooring and clamping (exact while below 2^53). */
  get sum(): number {
    return this.valueSum;
  }
  get mean(): number {
    return this.total === 0 ? 0 : this.valueSum / this.total;
  }
  /** How many recorded values exceeded the highest trackable value. */
  get clampedCount(): number {
    return this.clamped;
  }
  /** Bytes of count storage allocated so far (kept across `reset`). */
  get footprintBytes(): number {
    return this.bytes + (this.sparse?.bytes ?? 0);
  }

  /**
   * hdr-histogram-js's getValueAtPercentile (highest equivalent value of the bucket reached; lowest for
   * p = 0), capped at the exact max so that p(100) equals max. Throws a RangeError outside [0, 100].
   */
  valueAtPercentile(p: number): number {
    return this.valuesAtPercentiles([p])[0]!;
  }

  /** `valueAtPercentile` for several percentiles in one pass over the counts. */
  valuesAtPercentiles(ps: readonly number[]): number[] {
    const targets = ps.map((p) => countAtPercentile(p, this.total));
    const out = new Array<number>(ps.length).fill(0);
    if (this.total === 0) return out;
    const order = targets.map((_, i) => i).sort((a, b) => targets[a]! - targets[b]!);
    const at = (idx: number, i: number): number =>
      Math.min(ps[i] === 0 ? lowestAt(idx) : highestAt(idx), this.maxValue);
    let k = 0;
    let sum = 0;
    const s = this.sparse;
    if (s !== undefined) {
      for (let e = 0; e < s.length && k < order.length; e++) {
        sum += s.counts[e]!;
        for (; k < order.length && sum >= targets[order[k]!]!; k++) out[order[k]!] = at(s.indexes[e]!, order[k]!);
      }
      return out;
    }
    const last = indexOf(this.maxValue) >>> CHUNK_BITS;
    const table = this.chunks();
    for (let c = indexOf(this.minValue) >>> CHUNK_BITS; c <= last && k < order.length; c++) {
      const lo = table[c];
      if (lo === undefined) continue;
      const hi = this.hi[c];
      for (let j = 0; j < CHUNK_SIZE && k < order.length; j++) {
        const n = hi === undefined ? lo[j]! : lo[j]! + hi[j]! * TWO_32;
        if (n === 0) continue;
        sum += n;
        for (; k < order.length && sum >= targets[order[k]!]!; k++)
          out[order[k]!] = at((c << CHUNK_BITS) | j, order[k]!);
      }
    }
    return out;
  }

  /** Merges `other`'s values into this histogram. */
  add(other: Histogram): void {
    if (other.total === 0) return;
    const os = other.sparse;
    if (this.sparse !== undefined) {
      if (os === undefined) this.densify(true);
      else {
        this.sparse.merge(os);
        if (this.sparse.length > SPARSE_MAX) this.densify(true);
      }
    } else if (os !== undefined) {
      for (let e = 0; e < os.length; e++) this.addAt(os.indexes[e]!, os.counts[e]!);
    }
    if (os === undefined) this.addChunks(other);
    this.total += other.total;
    this.valueSum += other.valueSum;
    this.clamped += other.clamped;
    if (other.minValue < this.minValue) this.minValue = other.minValue;
    if (other.maxValue > this.maxValue) this.maxValue = other.maxValue;
  }

  /** Adds the chunked counts of `other` into this histogram's chunks. */
  private addChunks(other: Histogram): void {
    const last = indexOf(other.maxValue) >>> CHUNK_BITS;
    const table = other.chunks();
    for (let c = indexOf(other.minValue) >>> CHUNK_BITS; c <= last; c++) {
      const src = table[c];
      if (src === undefined) continue;
      if (this.narrow !== undefined) {
        // Read other's high part first, and keep `src`, the chunk as it was, when a narrow one is widened: with
        // h.add(h) both are our own, and only the counts not added yet are read from them.
        const srcHi = other.hi[c];
        for (let j = 0; j < CHUNK_SIZE; j++) {
          const n = srcHi === undefined ? src[j]! : src[j]! + srcHi[j]! * TWO_32;
          if (n !== 0) this.addNarrow(c, j, n);
        }
        continue;
      }
      const dst = this.lo[c] ?? this.allocate(c);
      const srcHi = other.hi[c];
      for (let j = 0; j < CHUNK_SIZE; j++) {
        // Read other's high part before carrying: with h.add(h) it is our own.
        let units = srcHi === undefined ? 0 : srcHi[j]!;
        const n = dst[j]! + src[j]!;
        dst[j] = n;
        if (n >= TWO_32) units++; // two Uint32 parts add up to less than 2^33
        if (units !== 0) this.carry(c, j, units);
      }
    }
  }

  /** Empties the histogram, keeping its chunks: only the chunks between min and max were written. */
  reset(): void {
    this.sparse?.clear();
    if (this.total > 0 && this.sparse === undefined) {
      const last = indexOf(this.maxValue) >>> CHUNK_BITS;
      for (let c = indexOf(this.minValue) >>> CHUNK_BITS; c <= last; c++) {
        this.chunks()[c]?.fill(0);
        this.hi[c]?.fill(0);
      }
    }
    this.total = 0;
    this.valueSum = 0;
    this.minValue = Infinity;
    this.maxValue = -Infinity;
    this.clamped = 0;
  }

  /** Compact JSON-safe form; `counts` is an uncompressed HdrHistogram V2 buffer (cookie 0x1c849313) in base64. */
  toJSON(): EncodedHistogram {
    const counts = this.countsBytes();
    return {
      v: 1,
      count: this.total,
      sum: this.valueSum,
      min: this.min,
      max: this.max,
      clamped: this.clamped,
      counts: Buffer.from(counts.buffer, counts.byteOffset, counts.byteLength).toString('base64'),
    };
  }

  /** The V2 buffer of `toJSON`'s counts, as bytes: a view valid until the next histogram is encoded. */
  countsBytes(): Uint8Array {
    const w = new V2CountsWriter(LAYOUT);
    const s = this.sparse;
    if (this.total === 0)
      w.zeros(1); // as Java: the payload covers indexes 0..index(max = 0)
    else if (s !== undefined) {
      let next = 0;
      for (let e = 0; e < s.length; e++) {
        const idx = s.indexes[e]!;
        w.zeros(idx - next);
        w.count(s.counts[e]!);
        next = idx + 1;
      }
    } else {
      const lastIdx = indexOf(this.maxValue);
      const first = indexOf(this.minValue) >>> CHUNK_BITS;
      const last = lastIdx >>> CHUNK_BITS;
      w.zeros(first << CHUNK_BITS);
      const table = this.chunks();
      for (let c = first; c <= last; c++) {
        const lo = table[c];
        const end = c === last ? (lastIdx & CHUNK_MASK) + 1 : CHUNK_SIZE;
        if (lo === undefined) {
          w.zeros(end);
          continue;
        }
        w.counts(lo, this.hi[c], end);
      }
    }
    return w.finishBytes();
  }

  /**
   * Rebuilds a histogram from `toJSON` output; throws an Error naming the problem on malformed or
   * inconsistent data. With `into`, that histogram is reset and refilled (reusing its memory: the
   * coordinator's steady state allocates nothing); on error it is left untouched.
   */
  static fromJSON(e: unknown, into?: Histogram): Histogram {
    if (typeof e !== 'object' || e === null) invalid('expected an object');
    const { v, count, sum, min, max, clamped, counts } = e as Record<string, unknown>;
    if (v !== 1) invalid(`unsupported version ${String(v)}`);
    if (!isCount(count) || !isCount(clamped) || !isCount(min) || !isCount(max))
      invalid('count, clamped, min and max must be non-negative safe integers');
    if (typeof sum !== 'number' || !Number.isInteger(sum) || sum < 0) invalid('sum must be a non-negative integer');
    if (typeof counts !== 'string') invalid('counts must be a string');
    const d = readV2Counts(counts, LAYOUT);
    let total = 0;
    for (let k = 0; k < d.length; k++) total += d.counts[k]!;
    if (total !== count) invalid(`counts add up to ${total}, not count ${count}`);
    if (count === 0) {
      if (min !== 0 || max !== 0 || sum !== 0 || clamped !== 0)
        invalid('an empty histogram must have min, max, sum and clamped 0');
    } else {
      if (min > max || max > HIGHEST_TRACKABLE_US) invalid(`min ${min} and max ${max} are out of order or range`);
      if (d.indexes[0] !== indexOf(min) || d.indexes[d.length - 1] !== indexOf(max))
        invalid('min or max do not match the populated buckets');
      if (clamped > 0 && max !== HIGHEST_TRACKABLE_US)
        invalid('clamped values require max to be the highest trackable value');
      // Tolerance for sums beyond 2^53, where additions round.
      if (sum < min * count * (1 - 1e-12) || sum > max * count * (1 + 1e-12))
        invalid(`sum ${sum} is impossible between min and max`);
    }
    const h = into ?? new Histogram();
    h.reset();
    if (count === 0) return h;
    // Few buckets decode sparse (also into a histogram that had chunks), so merging them keeps a target sparse.
    if (d.length <= SPARSE_MAX) {
      if (h.sparse === undefined) h.sparsify();
      h.sparse!.assign(d.indexes, d.counts, d.length);
    } else for (let k = 0; k < d.length; k++) h.addAt(d.indexes[k]!, d.counts[k]!);
    h.total = count;
    h.valueSum = sum;
    h.minValue = min;
    h.maxValue = max;
    h.clamped = clamped;
    return h;
  }

  private addAt(idx: number, n: number): void {
    if (this.narrow !== undefined) return this.addNarrow(idx >>> CHUNK_BITS, idx & CHUNK_MASK, n);
    const c = idx >>> CHUNK_BITS;
    const chunk = this.lo[c] ?? this.allocate(c);
    const j = idx & CHUNK_MASK;
    const sum = chunk[j]! + n;
    chunk[j] = sum;
    if (sum >= TWO_32) this.carry(c, j, Math.floor(sum / TWO_32));
  }

  /**
   * The histogram of `values[from, to)` in µs (floored, clamped as `record` does), built into `into` (reset first):
   * the range is rewritten with the recorded values and sorted, so building costs no memory beyond the result.
   */
  static ofValues(values: Float64Array, from: number, to: number, into: Histogram): Histogram {
    into.reset();
    if (into.sparse === undefined) into.sparsify();
    let clamped = 0;
    let sum = 0;
    for (let i = from; i < to; i++) {
      const x = values[i]!;
      let v = 0;
      if (x >= 0) {
        if (x <= HIGHEST_TRACKABLE_US) v = Math.floor(x);
        else {
          v = HIGHEST_TRACKABLE_US;
          clamped++;
        }
      }
      values[i] = v;
      sum += v;
    }
    const range = values.subarray(from, to).sort();
    let idx = -1;
    let n = 0;
    for (let i = 0; i < range.length; i++) {
      const at = indexOf(range[i]!);
      if (at === idx) {
        n++;
        continue;
      }
      if (n > 0) into.addRun(idx, n);
      idx = at;
      n = 1;
    }
    if (n > 0) into.addRun(idx, n);
    if (range.length === 0) return into;
    into.total = range.length;
    into.valueSum = sum;
    into.minValue = range[0]!;
    into.maxValue = range[range.length - 1]!;
    into.clamped = clamped;
    return into;
  }

  /** `ofValues`: n counts at an index above every present one; chunks once the sparse list is full. */
  private addRun(idx: number, n: number): void {
    const s = this.sparse;
    if (s === undefined) this.addAt(idx, n);
    else if (s.length < SPARSE_MAX) s.push(idx, n);
    else {
      this.densify(false);
      this.addAt(idx, n);
    }
  }

  /**
   * From sparse counts to chunks: Uint32 ones on the first `record`; narrow ones (`narrow`) when merging made the sparse
   * list too long or brought chunks.
   */
  private densify(narrow: boolean): void {
    const s = this.sparse;
    if (s === undefined) return;
    this.sparse = undefined;
    if (narrow) this.narrow = new Array<Chunk | undefined>(CHUNKS).fill(undefined);
    else this.lo = new Array<Uint32Array | undefined>(CHUNKS).fill(undefined);
    // `hi` stays the shared empty table until a count passes 2^32 (carry): 0.75 KB less per histogram, which with
    // one per request name is ~7 MB for 10,000 names once their histograms have chunks.
    for (let e = 0; e < s.length; e++) this.addAt(s.indexes[e]!, s.counts[e]!);
  }

  /** Drops the chunks of an empty histogram, back to sparse. */
  private sparsify(): void {
    this.sparse = new SparseCounts();
    this.narrow = undefined;
    this.lo = NO_LO;
    this.hi = NO_HI;
    this.bytes = 0;
  }

  private allocate(c: number): Uint32Array {
    // The first record() of a sparse or a merged histogram: Uint32 chunks from here on, one of which may now be c.
    if (this.sparse !== undefined || this.narrow !== undefined) {
      if (this.sparse !== undefined) this.densify(false);
      else this.widen();
      const known = this.lo[c];
      if (known !== undefined) return known;
    }
    const chunk = new Uint32Array(CHUNK_SIZE);
    this.lo[c] = chunk;
    this.bytes += chunk.byteLength;
    return chunk;
  }

  /** The chunk table in use: the narrow one of a merged histogram, or `lo`. */
  private chunks(): readonly (Chunk | undefined)[] {
    return this.narrow ?? this.lo;
  }

  /** Adds n to the count at chunk c, index j of a narrow histogram, widening that chunk first when the sum needs it. */
  private addNarrow(c: number, j: number, n: number): void {
    const table = this.narrow as (Chunk | undefined)[];
    let chunk = table[c];
    if (chunk === undefined) {
      chunk = new Uint8Array(CHUNK_SIZE);
      table[c] = chunk;
      this.bytes += CHUNK_SIZE;
    }
    const sum = chunk[j]! + n; // the low 32 bits of the count, and n; the high part stays in `hi`
    // A Uint32 chunk holds any sum: what passes 2^32 is carried.
    if (chunk.BYTES_PER_ELEMENT < 4 && sum >= 2 ** (8 * chunk.BYTES_PER_ELEMENT)) {
      const wider = sum > 0xffff ? new Uint32Array(CHUNK_SIZE) : new Uint16Array(CHUNK_SIZE);
      wider.set(chunk);
      this.bytes += wider.byteLength - chunk.byteLength;
      table[c] = wider;
      chunk = wider;
    }
    chunk[j] = sum; // past 2^32 a Uint32 chunk keeps the remainder: carry the rest
    if (sum >= TWO_32) this.carry(c, j, Math.floor(sum / TWO_32));
  }

  /** A narrow histogram's chunks as Uint32 ones in `lo`. */
  private widen(): void {
    const table = this.narrow as (Chunk | undefined)[];
    this.narrow = undefined;
    this.lo = new Array<Uint32Array | undefined>(CHUNKS).fill(undefined);
    for (let c = 0; c < CHUNKS; c++) {
      const chunk = table[c];
      if (chunk === undefined) continue;
      const wide = chunk instanceof Uint32Array ? chunk : Uint32Array.from(chunk);
      this.bytes += wide.byteLength - chunk.byteLength;
      this.lo[c] = wide;
    }
  }

  /** Adds `units` multiples of 2^32 to a count (the Uint32 part already holds the remainder). */
  private carry(c: number, j: number, units: number): void {
    if (this.hi === NO_HI) this.hi = new Array<Float64Array | undefined>(CHUNKS).fill(undefined);
    let hi = this.hi[c];
    if (hi === undefined) {
      hi = new Float64Array(CHUNK_SIZE);
      this.hi[c] = hi;
      this.bytes += hi.byteLength;
    }
    hi[j]! += units;
  }
}

/** Values at several percentiles of `h` in one pass (same semantics as `valueAtPercentile`). */
export function percentileSummary(h: Histogram, ps: number[]): number[] {
  return h.valuesAtPercentiles(ps);
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function invalid(message: string): never {
  throw new Error(`Invalid encoded histogram: ${message}`);
}
