/**
 * The counts of a histogram that holds few distinct values, as (index, count) pairs in ascending index order, in one
 * buffer: a Uint16 index and a count as narrow as the list's largest count allows, one byte until a count passes
 * 255, then 16 bits, 32 bits, and doubles past 2^32 - 1 (exact up to 2^53). 3 to 6 bytes per populated bucket
 * instead of 1 KB chunks: a run keeps one `http_req_duration` histogram per request name, and most of them see a
 * few hundred distinct latencies, each a few times. Histogram keeps its counts here until they outgrow SPARSE_MAX
 * entries (histogram.ts).
 */

/** Beyond this many populated buckets a histogram switches to chunks (about as compact by then, and faster). */
export const SPARSE_MAX = 1024;

type Counts = Uint8Array | Uint16Array | Uint32Array | Float64Array;
type CountsType = typeof Uint8Array | typeof Uint16Array | typeof Uint32Array | typeof Float64Array;

const NONE_IDX = new Uint16Array(0);
const NONE_CNT = new Uint8Array(0);

/** The narrowest counts that hold n. */
const countsFor = (n: number): CountsType =>
  n <= 0xff ? Uint8Array : n <= 0xffff ? Uint16Array : n <= 0xffff_ffff ? Uint32Array : Float64Array;

export class SparseCounts {
  /** Bucket indexes (the layout has fewer than 2^16), ascending; valid below `length`. */
  indexes: Uint16Array = NONE_IDX;
  /** Exact counts, in the narrowest type that holds the largest. */
  counts: Counts = NONE_CNT;
  length = 0;
  /** The largest count `counts` can hold. */
  private max = 0xff;

  get bytes(): number {
    return this.indexes.buffer.byteLength;
  }

  clear(): void {
    this.length = 0;
  }

  /** Replaces the entries with the first `n` of `indexes`/`counts` (ascending indexes, non-zero counts). */
  assign(indexes: ArrayLike<number>, counts: ArrayLike<number>, n: number): void {
    this.length = 0;
    this.reserve(n);
    for (let k = 0; k < n; k++) {
      this.indexes[k] = indexes[k]!;
      this.set(k, counts[k]!);
    }
    this.length = n;
  }

  /** Appends a count at an index above every present one. */
  push(index: number, count: number): void {
    if (this.length === this.indexes.length) this.reserve(this.length + 1);
    this.indexes[this.length] = index;
    this.set(this.length++, count);
  }

  /** Adds `o`'s counts: a merge of two sorted lists, in place from the back (no scratch memory). */
  merge(o: SparseCounts): void {
    if (o === this) {
      for (let k = 0; k < this.length; k++) this.set(k, this.counts[k]! * 2);
      return;
    }
    const a = this.length;
    const b = o.length;
    let union = a + b;
    for (let i = 0, j = 0; i < a && j < b;) {
      const x = this.indexes[i]!;
      const y = o.indexes[j]!;
      if (x === y) {
        union--;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
    this.reserve(union);
    let i = a - 1;
    let j = b - 1;
    // `this.indexes` and `this.counts` are read each time: a sum that does not fit the counts widens both (set).
    for (let k = union - 1; j >= 0; k--) {
      const y = o.indexes[j]!;
      const x = i >= 0 ? this.indexes[i]! : -1;
      if (x > y) {
        this.indexes[k] = x;
        this.counts[k] = this.counts[i--]!; // moves a count that fits already
      } else {
        this.indexes[k] = y;
        this.set(k, o.counts[j--]! + (x === y ? this.counts[i--]! : 0));
      }
    }
    this.length = union;
  }

  /** Writes a count, widening the counts first when it does not fit them. */
  private set(k: number, n: number): void {
    if (n > this.max) this.resize(this.indexes.length, n);
    this.counts[k] = n;
  }

  private reserve(n: number): void {
    if (n <= this.indexes.length) return;
    // Growing by half (a list that grew by doubling would be a third empty on average), but no further than the list
    // can grow before its histogram takes chunks (unless asked for more).
    const grown = Math.max(8, Math.ceil(this.indexes.length * 1.5));
    this.resize(Math.max(n, n > SPARSE_MAX + 1 ? grown : Math.min(SPARSE_MAX + 1, grown)), 0);
  }

  /**
   * Room for `size` entries, with counts that hold `atLeast` too. Every slot is kept, not only those below `length`:
   * a merge widening the counts half way has written entries above it.
   */
  private resize(size: number, atLeast: number): void {
    const Type = countsFor(Math.max(atLeast, this.max));
    const width = Type.BYTES_PER_ELEMENT;
    // Indexes first, then the counts, aligned to their size (8 bytes at most: sizes are rounded up to 4 entries).
    const rounded = Math.ceil(size / 4) * 4;
    const buf = new ArrayBuffer(rounded * (2 + width));
    const idx = new Uint16Array(buf, 0, rounded);
    const cnt = new Type(buf, rounded * 2, rounded);
    idx.set(this.indexes);
    cnt.set(this.counts);
    this.indexes = idx;
    this.counts = cnt;
    this.max = width === 8 ? Infinity : 2 ** (8 * width) - 1;
  }
}
