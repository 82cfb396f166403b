/**
 * The counts of a histogram that holds few distinct values, as (index, count) pairs in ascending index order:
 * 6 bytes per populated bucket (a Uint32 count and a Uint16 index, in one buffer) instead of 1 KB chunks. A run keeps
 * one `http_req_duration` histogram per request name, and most of them see a few hundred distinct latencies at most;
 * Histogram keeps its counts here until they outgrow SPARSE_MAX entries (histogram.ts). A count past 2^32 - 1 (a
 * bucket of a very long run) widens the counts to doubles, exact up to 2^53.
 */

/** Beyond this many populated buckets a histogram switches to chunks (about as compact by then, and faster). */
export const SPARSE_MAX = 1024;

const UINT32_MAX = 0xffff_ffff;
const NONE_IDX = new Uint16Array(0);
const NONE_CNT = new Uint32Array(0);

export class SparseCounts {
  /** Bucket indexes (the layout has fewer than 2^16), ascending; valid below `length`. */
  indexes: Uint16Array = NONE_IDX;
  /** Exact counts: Uint32 until one outgrows it, then doubles. */
  counts: Uint32Array | Float64Array = NONE_CNT;
  length = 0;

  get bytes(): number {
    return this.indexes.byteLength + this.counts.byteLength;
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
    const idx = this.indexes;
    let i = a - 1;
    let j = b - 1;
    for (let k = union - 1; j >= 0; k--) {
      const y = o.indexes[j]!;
      const x = i >= 0 ? idx[i]! : -1;
      if (x > y) {
        idx[k] = x;
        this.counts[k] = this.counts[i--]!; // moves a count that fits already
      } else {
        idx[k] = y;
        this.set(k, o.counts[j--]! + (x === y ? this.counts[i--]! : 0));
      }
    }
    this.length = union;
  }

  /** Writes a count, widening the counts to doubles the first time one does not fit 32 bits. */
  private set(k: number, n: number): void {
    if (n > UINT32_MAX && this.counts instanceof Uint32Array) {
      // The indexes move too: they shared the Uint32 counts' buffer, which would stay alive for them.
      this.indexes = this.indexes.slice();
      this.counts = Float64Array.from(this.counts);
    }
    this.counts[k] = n;
  }

  private reserve(n: number): void {
    if (n <= this.indexes.length) return;
    // Growing by half (a list that grew by doubling would be a third empty on average), but no further than the list
    // can grow before its histogram takes chunks (unless asked for more).
    const grown = Math.max(8, Math.ceil(this.indexes.length * 1.5));
    const size = Math.max(n, n > SPARSE_MAX + 1 ? grown : Math.min(SPARSE_MAX + 1, grown));
    const wide = this.counts instanceof Float64Array;
    // Counts and indexes in one buffer (one allocation per list); wide counts keep a buffer of their own.
    const buf = new ArrayBuffer(size * (wide ? 2 : 6));
    const idx = new Uint16Array(buf, wide ? 0 : size * 4, size);
    const cnt = wide ? new Float64Array(size) : new Uint32Array(buf, 0, size);
    idx.set(this.indexes.subarray(0, this.length));
    cnt.set(this.counts.subarray(0, this.length));
    this.indexes = idx;
    this.counts = cnt;
  }
}
