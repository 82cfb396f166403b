/**
 * OTLP/HTTP metrics (https://opentelemetry.io/docs/specs/otlp/#otlphttp): an ExportMetricsServiceRequest in
 * binary protobuf. Field numbers from opentelemetry-proto v1 (metrics/v1/metrics.proto, common/v1, resource/v1,
 * collector/metrics/v1). Serialized requests concatenate into one (repeated resource_metrics).
 */
import { encodeMessage, messageTypes } from '../protobuf.ts';

export interface KeyValue {
  key: string;
  value: { stringValue: string };
}
export interface NumberPoint {
  attributes: KeyValue[];
  startTimeUnixNano: string;
  timeUnixNano: string;
  asDouble?: number;
  asInt?: number;
}
export interface ExpHistogramPoint {
  attributes: KeyValue[];
  startTimeUnixNano: string;
  timeUnixNano: string;
  count: number;
  sum: number;
  scale: number;
  zeroCount: number;
  positive: { offset: number; bucketCounts: number[] };
  min: number;
  max: number;
}
export type OtlpMetric = { name: string; description: string; unit: string } & (
  | { gauge: { dataPoints: NumberPoint[] } }
  | { sum: { dataPoints: NumberPoint[]; aggregationTemporality: 2; isMonotonic: true } }
  | { exponentialHistogram: { dataPoints: ExpHistogramPoint[]; aggregationTemporality: 2 } }
);

const repeated = (type: string, id: number) => ({ rule: 'repeated', type, id });
const one = (type: string, id: number) => ({ type, id });

const types = messageTypes(
  {
    nested: {
      ExportMetricsServiceRequest: { fields: { resourceMetrics: repeated('ResourceMetrics', 1) } },
      ResourceMetrics: { fields: { resource: one('Resource', 1), scopeMetrics: repeated('ScopeMetrics', 2) } },
      Resource: { fields: { attributes: repeated('KeyValue', 1) } },
      ScopeMetrics: { fields: { scope: one('InstrumentationScope', 1), metrics: repeated('Metric', 2) } },
      InstrumentationScope: { fields: { name: one('string', 1), version: one('string', 2) } },
      KeyValue: { fields: { key: one('string', 1), value: one('AnyValue', 2) } },
      AnyValue: { oneofs: { value: { oneof: ['stringValue'] } }, fields: { stringValue: one('string', 1) } },
      Metric: {
        oneofs: { data: { oneof: ['gauge', 'sum', 'exponentialHistogram'] } },
        fields: {
          name: one('string', 1),
          description: one('string', 2),
          unit: one('string', 3),
          gauge: one('Gauge', 5),
          sum: one('Sum', 7),
          exponentialHistogram: one('ExponentialHistogram', 10),
        },
      },
      Gauge: { fields: { dataPoints: repeated('NumberDataPoint', 1) } },
      Sum: {
        fields: {
          dataPoints: repeated('NumberDataPoint', 1),
          aggregationTemporality: one('int32', 2),
          isMonotonic: one('bool', 3),
        },
      },
      ExponentialHistogram: {
        fields: { dataPoints: repeated('ExponentialHistogramDataPoint', 1), aggregationTemporality: one('int32', 2) },
      },
      NumberDataPoint: {
        oneofs: { value: { oneof: ['asDouble', 'asInt'] } },
        fields: {
          attributes: repeated('KeyValue', 7),
          startTimeUnixNano: one('fixed64', 2),
          timeUnixNano: one('fixed64', 3),
          asDouble: one('double', 4),
          asInt: one('sfixed64', 6),
        },
      },
      ExponentialHistogramDataPoint: {
        fields: {
          attributes: repeated('KeyValue', 1),
          startTimeUnixNano: one('fixed64', 2),
          timeUnixNano: one('fixed64', 3),
          count: one('fixed64', 4),
          sum: { type: 'double', id: 5, options: { proto3_optional: true } },
          scale: one('sint32', 6),
          zeroCount: one('fixed64', 7),
          positive: one('Buckets', 8),
          min: { type: 'double', id: 12, options: { proto3_optional: true } },
          max: { type: 'double', id: 13, options: { proto3_optional: true } },
        },
      },
      Buckets: {
        fields: {
          offset: one('sint32', 1),
          bucketCounts: { rule: 'repeated', type: 'uint64', id: 2, options: { packed: true } },
        },
      },
    },
  },
  ['ExportMetricsServiceRequest'],
);

export interface OtlpResource {
  attributes: KeyValue[];
}

/** One request with one resource and one scope. */
export function encodeMetricsRequest(
  resource: OtlpResource,
  scope: { name: string; version: string },
  metrics: readonly OtlpMetric[],
): Uint8Array {
  return encodeMessage(types.ExportMetricsServiceRequest, {
    resourceMetrics: [{ resource, scopeMetrics: [{ scope, metrics }] }],
  });
}

export const stringAttr = (key: string, value: string): KeyValue => ({ key, value: { stringValue: value } });
