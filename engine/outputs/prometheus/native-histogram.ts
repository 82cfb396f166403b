/**
 * Trends as Prometheus native histograms (LOADSMITH_PROMETHEUS_NATIVE_HISTOGRAMS=true; k6's
 * K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM): one cumulative histogram per series, `k6_<trend>_seconds`, that
 * histogram_quantile() aggregates exactly across series. Prometheus needs --enable-feature=native-histograms.
 */
import { SCALE, type ExponentialBuckets } from '../exponential-buckets.ts';
import type { PromHistogram } from './write-request.ts';

/** client_golang's default zero threshold (2^-128): only zero durations land in the zero bucket. */
const ZERO_THRESHOLD = 2 ** -128;

export function nativeHistogram(b: ExponentialBuckets, timestamp: number): PromHistogram {
  const spans: { offset: number; length: number }[] = [];
  const deltas: number[] = [];
  const indexes = [...b.positive.keys()].sort((x, y) => x - y);
  let previousIndex = 0;
  let previousCount = 0;
  for (const [k, i] of indexes.entries()) {
    const index = i + 1; // OpenTelemetry's bucket i is (base^i, base^(i+1)]: Prometheus numbers it i + 1
    const count = b.positive.get(i)!;
    const last = spans.at(-1);
    if (last && k > 0 && index === previousIndex + 1) last.length++;
    else spans.push({ offset: k === 0 ? index : index - previousIndex - 1, length: 1 });
    deltas.push(count - previousCount);
    previousIndex = index;
    previousCount = count;
  }
  return {
    countInt: b.count,
    sum: b.sum,
    schema: SCALE,
    zeroThreshold: ZERO_THRESHOLD,
    zeroCountInt: b.zeroCount,
    positiveSpans: spans,
    positiveDeltas: deltas,
    timestamp,
  };
}
