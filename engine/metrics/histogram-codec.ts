/**
 * HdrHistogram V2 encoding of a counts array (uncompressed, as Java's `encodeIntoByteBuffer` and
 * hdr-histogram-js write it), carried as base64.
 *
 * Layout, big-endian: cookie 0x1c849313 (V2 base 0x1c849303 | word-size nibble 0x10), payload length,
 * normalizing index offset, significant digits, lowest discernible value (int64), highest trackable
 * value (int64), integer-to-double ratio (double), then the payload: one ZigZag LEB128-64b9B varint per
 * counts index from 0 up to the index of the max value, where a negative number -n stands for n zeros.
 * Being the standard format, any HdrHistogram implementation can read what we write (deflate it and
 * prefix the compressed cookie to get `encodeIntoCompressedBase64`'s format).
 */
import { Buffer } from 'node:buffer';

/** The histogram configuration stored in (and required of) the V2 header. */
export interface V2Layout {
  significantDigits: number;
  lowest: number;
  highest: number;
  /** Number of counts indexes; a decoded index at or beyond it is rejected. */
  countsLength: number;
}

/** The cookie written in front of an uncompressed V2 histogram. */
export const V2_ENCODING_COOKIE = 0x1c849303 | 0x10;
const HEADER_BYTES = 40;
const TWO_32 = 4294967296;

// One scratch buffer for all writers: encoding is synchronous and histograms are encoded one at a
// time, so we never allocate per call (the caller copies or converts the bytes `finishBytes` returns).
let scratch = new Uint8Array(4096);

/**
 * Streams a counts array into a V2 buffer. Feed every index from 0 in order (`counts` for a chunk,
 * `zeros` for a run of empty indexes), then call `finish` once. Only one writer may be in use at a time.
 */
export class V2CountsWriter {
  private readonly layout: V2Layout;
  private pos = HEADER_BYTES;
  private pendingZeros = 0;

  constructor(layout: V2Layout) {
    this.layout = layout;
  }

  /** The next `end` counts: `lo[j]` plus `hi[j]` multiples of 2^32 (Histogram's chunk storage). */
  counts(lo: Uint8Array | Uint16Array | Uint32Array, hi: Float64Array | undefined, end: number): void {
    reserve(this.pos + (end + 1) * 16); // a zero run and a count, 8 bytes at most each
    const b = scratch;
    let p = this.pos;
    let zeros = this.pendingZeros;
    for (let j = 0; j < end; j++) {
      const n = hi === undefined ? lo[j]! : lo[j]! + hi[j]! * TWO_32;
      if (n === 0) {
        zeros++;
        continue;
      }
      if (zeros > 0) {
        // A single zero is written as the count 0, longer runs as -n (zigzag: 2n - 1), as Java does.
        p = putVarint(b, p, zeros === 1 ? 0 : zeros * 2 - 1);
        zeros = 0;
      }
      p = putVarint(b, p, n * 2);
    }
    this.pos = p;
    this.pendingZeros = zeros;
  }

  /** One non-zero count at the next index (a sparse histogram's entry). */
  count(n: number): void {
    reserve(this.pos + 16);
    let p = this.pos;
    const zeros = this.pendingZeros;
    if (zeros > 0) {
      p = putVarint(scratch, p, zeros === 1 ? 0 : zeros * 2 - 1);
      this.pendingZeros = 0;
    }
    this.pos = putVarint(scratch, p, n * 2);
  }

  /** A run of `n` empty indexes. */
  zeros(n: number): void {
    this.pendingZeros += n;
  }

  /** Writes the header and returns the whole buffer: a view of the writers' shared scratch, valid until the next. */
  finishBytes(): Uint8Array {
    // Java writes trailing zeros too (it stops at the max value's index, which is non-empty
    // except in an empty histogram, where it writes a single 0).
    const zeros = this.pendingZeros;
    reserve(this.pos + 16);
    const b = scratch;
    if (zeros > 0) this.pos = putVarint(b, this.pos, zeros === 1 ? 0 : zeros * 2 - 1);
    putU32(b, 0, V2_ENCODING_COOKIE);
    putU32(b, 4, this.pos - HEADER_BYTES);
    putU32(b, 8, 0);
    putU32(b, 12, this.layout.significantDigits);
    putU32(b, 16, Math.floor(this.layout.lowest / TWO_32));
    putU32(b, 20, this.layout.lowest >>> 0);
    putU32(b, 24, Math.floor(this.layout.highest / TWO_32));
    putU32(b, 28, this.layout.highest >>> 0);
    putU32(b, 32, 0x3ff00000); // 1.0 as an IEEE double: values are plain integers
    putU32(b, 36, 0);
    return b.subarray(0, this.pos);
  }
}

function reserve(bytes: number): void {
  if (bytes <= scratch.length) return;
  const grown = new Uint8Array(Math.max(bytes, scratch.length * 2));
  grown.set(scratch);
  scratch = grown;
}

/** Writes the LEB128 of an already zigzagged, non-negative safe integer (8 bytes at most); returns the new position. */
function putVarint(b: Uint8Array, p: number, z: number): number {
  // `z & 0x7f` stays exact above 2^32: ToInt32 keeps the value modulo 2^32, a multiple of 128.
  while (z > 0x7fffffff) {
    b[p++] = (z & 0x7f) | 0x80;
    z = Math.floor(z / 128);
  }
  while (z >= 0x80) {
    b[p++] = (z & 0x7f) | 0x80;
    z >>>= 7;
  }
  b[p++] = z;
  return p;
}

/** The non-zero counts of a decoded buffer, in ascending index order: `counts[k]` at `indexes[k]` for k < length. */
export interface V2Counts {
  length: number;
  indexes: Int32Array;
  counts: Float64Array;
}

// Decoded entries land in reused scratch arrays (grown on demand), so decoding allocates nothing
// in steady state and the caller's loop over them stays a plain, inlinable loop.
const decoded: V2Counts = { length: 0, indexes: new Int32Array(1024), counts: new Float64Array(1024) };

/**
 * Decodes a base64 V2 buffer written for `layout`. The result is scratch memory, valid until the
 * next call. Throws an Error on anything malformed: bad base64, wrong cookie or configuration,
 * length mismatch, truncated or oversized varints, indexes outside the layout.
 */
export function readV2Counts(encoded: string, layout: V2Layout): V2Counts {
  const b = Buffer.from(encoded, 'base64');
  // Buffer.from skips invalid characters; canonical base64 is what re-encodes to itself (a regex costs 10x more).
  if (b.toString('base64') !== encoded) fail('counts is not valid base64');
  if (b.length < HEADER_BYTES) fail(`counts holds ${b.length} bytes, fewer than the ${HEADER_BYTES}-byte header`);
  if (getU32(b, 0) !== V2_ENCODING_COOKIE)
    fail(`counts does not start with the V2 cookie 0x${V2_ENCODING_COOKIE.toString(16)}`);
  const payload = getU32(b, 4);
  if (payload !== b.length - HEADER_BYTES)
    fail(`header announces ${payload} payload bytes, found ${b.length - HEADER_BYTES} (truncated?)`);
  // The normalizing offset (hdr-histogram-js writes 1) and the double ratio are ignored, as readers do.
  const digits = getU32(b, 12);
  const lowest = getU32(b, 16) * TWO_32 + getU32(b, 20);
  const highest = getU32(b, 24) * TWO_32 + getU32(b, 28);
  if (digits !== layout.significantDigits || lowest !== layout.lowest || highest !== layout.highest) {
    fail(
      `histogram configuration (${lowest}, ${highest}, ${digits} digits) differs from (${layout.lowest}, ${layout.highest}, ${layout.significantDigits} digits)`,
    );
  }
  let p = HEADER_BYTES;
  let index = 0;
  let n = 0;
  const end = b.length;
  while (p < end) {
    let byte = b[p++]!;
    const negative = (byte & 1) === 1; // ZigZag keeps the sign in the lowest bit
    let z = byte & 0x7f;
    if (byte >= 0x80) {
      let scale = 128;
      for (let i = 1; ; i++) {
        if (p >= end) fail('counts payload ends inside a varint (truncated)');
        byte = b[p++]!;
        if (i === 8) {
          z += byte * scale; // the 9th byte of LEB128-64b9B carries 8 bits
          break;
        }
        z += (byte & 0x7f) * scale;
        if (byte < 0x80) break;
        scale *= 128;
      }
      // No bucket ever holds 2^52 counts; beyond 2^53 the arithmetic would no longer be exact.
      if (z > Number.MAX_SAFE_INTEGER) fail('counts payload holds a number beyond 2^53');
    }
    if (negative) {
      index += (z + 1) / 2;
      if (index > layout.countsLength) fail('counts payload runs past the last bucket');
    } else if (z !== 0) {
      if (index >= layout.countsLength) fail('counts payload runs past the last bucket');
      if (n === decoded.counts.length) grow();
      decoded.indexes[n] = index++;
      decoded.counts[n++] = z / 2;
    } else index++;
  }
  decoded.length = n;
  return decoded;
}

function grow(): void {
  const indexes = new Int32Array(decoded.indexes.length * 2);
  const counts = new Float64Array(decoded.counts.length * 2);
  indexes.set(decoded.indexes);
  counts.set(decoded.counts);
  decoded.indexes = indexes;
  decoded.counts = counts;
}

function fail(message: string): never {
  throw new Error(`Invalid encoded histogram: ${message}`);
}

function putU32(b: Uint8Array, at: number, v: number): void {
  b[at] = v >>> 24;
  b[at + 1] = v >>> 16;
  b[at + 2] = v >>> 8;
  b[at + 3] = v;
}

function getU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}
