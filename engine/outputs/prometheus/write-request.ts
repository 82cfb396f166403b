/**
 * Prometheus remote write 1.0 (https://prometheus.io/docs/concepts/remote_write_spec/): a snappy-compressed
 * protobuf WriteRequest. Field numbers from prometheus/prompb (remote.proto, types.proto). Serialized
 * WriteRequests concatenate into one WriteRequest (repeated fields), so queued batches are joined before
 * compression.
 */
import snappy from 'snappyjs';
import { encodeMessage, messageTypes } from '../protobuf.ts';
import { joinBytes } from '../sender.ts';

export interface PromLabel {
  name: string;
  value: string;
}
export interface PromSample {
  value: number;
  timestamp: number;
}
/**
 * A native histogram (schema = OpenTelemetry's scale): bucket i holds (base^(i-1), base^i]; spans of consecutive
 * buckets, counts as deltas from the previous bucket. Cumulative, as Prometheus counters are.
 */
export interface PromHistogram {
  countInt: number;
  sum: number;
  schema: number;
  zeroThreshold: number;
  zeroCountInt: number;
  positiveSpans: { offset: number; length: number }[];
  positiveDeltas: number[];
  timestamp: number;
}
export interface PromSeries {
  labels: PromLabel[];
  samples: PromSample[];
  histograms?: PromHistogram[];
}

const types = messageTypes(
  {
    nested: {
      WriteRequest: { fields: { timeseries: { rule: 'repeated', type: 'TimeSeries', id: 1 } } },
      TimeSeries: {
        fields: {
          labels: { rule: 'repeated', type: 'Label', id: 1 },
          samples: { rule: 'repeated', type: 'Sample', id: 2 },
          histograms: { rule: 'repeated', type: 'Histogram', id: 4 },
        },
      },
      Histogram: {
        oneofs: { count: { oneof: ['countInt'] }, zeroCount: { oneof: ['zeroCountInt'] } },
        fields: {
          countInt: { type: 'uint64', id: 1 },
          sum: { type: 'double', id: 3 },
          schema: { type: 'sint32', id: 4 },
          zeroThreshold: { type: 'double', id: 5 },
          zeroCountInt: { type: 'uint64', id: 6 },
          positiveSpans: { rule: 'repeated', type: 'BucketSpan', id: 11 },
          positiveDeltas: { rule: 'repeated', type: 'sint64', id: 12, options: { packed: true } },
          timestamp: { type: 'int64', id: 15 },
        },
      },
      BucketSpan: { fields: { offset: { type: 'sint32', id: 1 }, length: { type: 'uint32', id: 2 } } },
      Label: { fields: { name: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
      Sample: { fields: { value: { type: 'double', id: 1 }, timestamp: { type: 'int64', id: 2 } } },
    },
  },
  ['WriteRequest'],
);

/** One WriteRequest, uncompressed. Labels must already be sorted by name (the spec requires it). */
export function encodeWriteRequest(timeseries: readonly PromSeries[]): Uint8Array {
  return encodeMessage(types.WriteRequest, { timeseries });
}

/** The HTTP body for queued WriteRequests: joined, then snappy block-compressed. */
export function writeRequestBody(parts: readonly Uint8Array[]): Uint8Array {
  return snappy.compress(joinBytes(parts));
}

/** The headers the protocol requires. */
export const REMOTE_WRITE_HEADERS = {
  'content-type': 'application/x-protobuf',
  'content-encoding': 'snappy',
  'x-prometheus-remote-write-version': '0.1.0',
  'user-agent': 'loadsmith',
} as const;
