/**
 * Micro-benchmark of engine/metrics/histogram.ts against hdr-histogram-js (run by hand):
 *   node bench/histogram.bench.ts
 * Prints ns per record, encode/decode time of a typical one-second interval histogram, and memory.
 */
import * as hdr from 'hdr-histogram-js';
import { Histogram } from '../engine/metrics/histogram.ts';

const N = 1_000_000;
const ROUNDS = 10;

/** Deterministic log-normal latencies around 5 ms (µs), like a healthy HTTP target with a tail. */
function latencies(n: number, seed: number): Float64Array {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const z = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    out[i] = Math.round(Math.exp(Math.log(5000) + 0.8 * z));
  }
  return out;
}

function nsPer(ops: number, fn: () => void): number {
  fn(); // warm-up: JIT and allocation of the buckets used
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r++) fn();
  return Number(process.hrtime.bigint() - t0) / (ROUNDS * ops);
}

function hdrBuild(bitBucketSize: 32 | 'packed') {
  return hdr.build({
    bitBucketSize,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });
}

const values = latencies(N, 42);
const fmt = (x: number, digits = 1): string => x.toFixed(digits).padStart(9);

const ours = new Histogram();
const int32 = hdrBuild(32);
const packed = hdrBuild('packed');
console.log(`record, ${N.toLocaleString()} log-normal values x ${ROUNDS} rounds (ns/record)`);
console.log(
  `  loadsmith Histogram      ${fmt(
    nsPer(N, () => {
      for (let i = 0; i < N; i++) ours.record(values[i]!);
    }),
  )}`,
);
console.log(
  `  hdr-histogram-js Int32   ${fmt(
    nsPer(N, () => {
      for (let i = 0; i < N; i++) int32.recordValue(values[i]!);
    }),
  )}`,
);
console.log(
  `  hdr-histogram-js packed  ${fmt(
    nsPer(N, () => {
      for (let i = 0; i < N; i++) packed.recordValue(values[i]!);
    }),
  )}`,
);

// A typical worker interval: one second at 100k requests/s.
const interval = new Histogram();
const intervalHdr = hdrBuild(32);
for (const v of values.subarray(0, 100_000)) {
  interval.record(v);
  intervalHdr.recordValue(v);
}
const encoded = interval.toJSON();
const ITER = 2000;
const us = (fn: () => void): number =>
  nsPer(1, () => {
    for (let i = 0; i < ITER; i++) fn();
  }) /
  ITER /
  1000;
let sink = 0;
const PS = [0, 1, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];
console.log(
  `\ntypical interval histogram (100k values, ${encoded.counts.length} base64 chars of counts, ${JSON.stringify(encoded).length} bytes of JSON) (µs/op)`,
);
console.log(
  `  toJSON                          ${fmt(
    us(() => {
      sink += interval.toJSON().counts.length;
    }),
    2,
  )}`,
);
console.log(
  `  fromJSON                        ${fmt(
    us(() => {
      sink += Histogram.fromJSON(encoded).count;
    }),
    2,
  )}`,
);
const reused = new Histogram();
console.log(
  `  fromJSON(e, into) reusing one   ${fmt(
    us(() => {
      sink += Histogram.fromJSON(encoded, reused).count;
    }),
    2,
  )}`,
);
const target = new Histogram();
console.log(
  `  reset + add (coordinator merge) ${fmt(
    us(() => {
      target.reset();
      target.add(interval);
      sink += target.count;
    }),
    2,
  )}`,
);
console.log(
  `  add into a new Histogram        ${fmt(
    us(() => {
      const h = new Histogram();
      h.add(interval);
      sink += h.count;
    }),
    2,
  )}`,
);
console.log(
  `  valuesAtPercentiles(11 ps)      ${fmt(
    us(() => {
      sink += interval.valuesAtPercentiles(PS)[5]!;
    }),
    2,
  )}`,
);
console.log(
  `  reset + 10 records              ${fmt(
    us(() => {
      const h = interval;
      h.reset();
      for (let i = 0; i < 10; i++) h.record(values[i]!);
      sink += h.count;
    }),
    2,
  )}`,
);
const hdrEncoded = hdr.encodeIntoCompressedBase64(intervalHdr);
console.log(
  `  hdr encodeIntoCompressedBase64  ${fmt(
    us(() => {
      sink += hdr.encodeIntoCompressedBase64(intervalHdr).length;
    }),
    2,
  )}  (${hdrEncoded.length} chars, deflated)`,
);
console.log(
  `  hdr decodeFromCompressedBase64  ${fmt(
    us(() => {
      sink += hdr.decodeFromCompressedBase64(hdrEncoded).totalCount;
    }),
    2,
  )}`,
);

const narrow = new Histogram();
for (let i = 0; i < 100_000; i++) narrow.record(1000 + ((i * 7919) % 4001));
console.log('\nmemory (bytes of counts)');
console.log(`  loadsmith, 1e5 values in 1-5 ms        ${fmt(narrow.footprintBytes, 0)}`);
console.log(`  loadsmith, typical log-normal interval ${fmt(Histogram.fromJSON(encoded).footprintBytes, 0)}`);
console.log(`  loadsmith, ${N.toLocaleString()} log-normal (x${ROUNDS + 1})  ${fmt(ours.footprintBytes, 0)}`);
console.log(`  hdr-histogram-js Int32                 ${fmt(int32.estimatedFootprintInBytes, 0)}`);
console.log(`  hdr-histogram-js packed (after 1e6)    ${fmt(packed.estimatedFootprintInBytes, 0)}`);
console.log(
  `\n(checksum ${sink % 997}; p99 ours ${ours.valueAtPercentile(99)} = hdr ${int32.getValueAtPercentile(99)})`,
);
