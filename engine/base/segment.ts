/**
 * Execution segments, with k6's semantics (grafana/k6 lib/execution_segment.go): a segment is a fraction
 * interval of the whole test, 0 <= from < to <= 1, and a segment sequence is a chain of segments (each starting
 * where the previous ended). Fractions are exact (bigint numerator/denominator), as k6's big.Rat.
 *
 * Text forms, as k6 parses them: `1/2:3/4`, `0.5:0.75`, `50%:75%` are segments; a value without a colon is the
 * end of a first segment (`1/4` = 0:1/4); an empty string is the whole test. A sequence is `0,1/4,1/2,3/4,1`.
 * Loadsmith adds `--segment i/N`: the i-th (1-based) of N equal parts, in the sequence 0,1/N,...,1.
 */

/** A reduced fraction n/d with d > 0. */
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}
export interface ExecutionSegment {
  readonly from: Fraction;
  readonly to: Fraction;
}

/** A segment or sequence that cannot be used; the message says why and what is expected. */
export class SegmentError extends Error {}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function fraction(n: bigint, d: bigint): Fraction {
  if (d === 0n) throw new SegmentError('a fraction cannot have the denominator 0');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d < 0n ? -d : d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const ZERO = fraction(0n, 1n);
export const ONE = fraction(1n, 1n);

export const compare = (a: Fraction, b: Fraction): number => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
export const sub = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const add = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const toNumber = (f: Fraction): number => Number(f.n) / Number(f.d);

/** k6's RatString: `1/4`, `0`, `1`. */
export function formatFraction(f: Fraction): string {
  return f.d === 1n ? String(f.n) : `${f.n}/${f.d}`;
}

/** `1/4`, `0.25`, `25%` or `1` (k6's stringToRat); undefined when the text is none of these. */
export function parseFraction(text: string): Fraction | undefined {
  const s = text.trim();
  if (/^\d+%$/.test(s)) return fraction(BigInt(s.slice(0, -1)), 100n);
  const f = /^(-?\d+)\/(\d+)$/.exec(s);
  if (f) return BigInt(f[2] as string) === 0n ? undefined : fraction(BigInt(f[1] as string), BigInt(f[2] as string));
  const dec = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!dec || (dec[2] === '' && (dec[3] ?? '') === '')) return undefined;
  const decimals = dec[3] ?? '';
  const n = BigInt(`${dec[2] || '0'}${decimals}`) * (dec[1] === '-' ? -1n : 1n);
  return fraction(n, 10n ** BigInt(decimals.length));
}

function fractionOrFail(text: string, what: string): Fraction {
  const f = parseFraction(text);
  if (!f) throw new SegmentError(`${what} '${text}' is not a fraction (1/4), decimal (0.25) or percentage (25%)`);
  return f;
}

/** Checks 0 <= from < to <= 1 (k6's NewExecutionSegment). */
export function segment(from: Fraction, to: Fraction): ExecutionSegment {
  if (compare(from, ZERO) < 0) throw new SegmentError(`a segment starts at 0 or later, not at ${formatFraction(from)}`);
  if (compare(from, to) >= 0)
    throw new SegmentError(
      `a segment's start (${formatFraction(from)}) must be less than its end (${formatFraction(to)})`,
    );
  if (compare(to, ONE) > 0) throw new SegmentError(`a segment ends at 1 at most, not at ${formatFraction(to)}`);
  return { from, to };
}

/** k6's `--execution-segment` text: `from:to`, or `to` alone (from 0); empty is the whole test. */
export function parseExecutionSegment(text: string): ExecutionSegment {
  const s = text.trim() === '' ? '1' : text.trim();
  const colon = s.indexOf(':');
  if (colon < 0) return segment(ZERO, fractionOrFail(s, 'the segment end'));
  return segment(
    fractionOrFail(s.slice(0, colon), 'the segment start'),
    fractionOrFail(s.slice(colon + 1), 'the segment end'),
  );
}

/** k6's `--execution-segment-sequence` text: `0,1/4,1/2,3/4,1` (at least two points, increasing). */
export function parseSegmentSequence(text: string): ExecutionSegment[] {
  const points = text.split(',').map((p) => fractionOrFail(p, 'the sequence point'));
  if (points.length < 2)
    throw new SegmentError(`a segment sequence needs at least 2 points (e.g. 0,1/2,1), got ${points.length}`);
  return points.slice(1).map((to, i) => segment(points[i] as Fraction, to));
}

/** `i/N`: the i-th (1-based) of N equal parts, with the even sequence 0,1/N,...,1 it belongs to. */
export function segmentOfN(i: number, n: number): { segment: ExecutionSegment; sequence: ExecutionSegment[] } {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new SegmentError(`the number of segments must be a whole number of at least 1, not ${n}`);
  if (!Number.isSafeInteger(i) || i < 1 || i > n)
    throw new SegmentError(`the segment number must be between 1 and ${n} (segments are numbered from 1), not ${i}`);
  const sequence = Array.from({ length: n }, (_, k) =>
    segment(fraction(BigInt(k), BigInt(n)), fraction(BigInt(k + 1), BigInt(n))),
  );
  return { segment: sequence[i - 1] as ExecutionSegment, sequence };
}

export const formatSegment = (s: ExecutionSegment): string => `${formatFraction(s.from)}:${formatFraction(s.to)}`;

export function formatSequence(seq: readonly ExecutionSegment[]): string {
  return seq.length === 0
    ? ''
    : [formatFraction((seq[0] as ExecutionSegment).from), ...seq.map((s) => formatFraction(s.to))].join(',');
}

export const sameSegment = (a: ExecutionSegment, b: ExecutionSegment): boolean =>
  compare(a.from, b.from) === 0 && compare(a.to, b.to) === 0;

/**
 * k6's GetFilledExecutionSegmentSequence: the sequence (or the segment alone) completed with the missing pieces
 * before and after, so that it covers 0 to 1.
 */
export function fillSequence(
  sequence: readonly ExecutionSegment[] | undefined,
  seg: ExecutionSegment | undefined,
): ExecutionSegment[] {
  let out: ExecutionSegment[];
  if (!sequence || sequence.length === 0) {
    if (!seg || (compare(seg.from, ZERO) === 0 && compare(seg.to, ONE) === 0)) return [{ from: ZERO, to: ONE }];
    out = [seg];
  } else out = [...sequence];
  const first = out[0] as ExecutionSegment;
  const last = out[out.length - 1] as ExecutionSegment;
  if (compare(first.from, ZERO) !== 0) out.unshift({ from: ZERO, to: first.from });
  if (compare(last.to, ONE) !== 0) out.push({ from: last.to, to: ONE });
  return out;
}
