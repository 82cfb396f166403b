/**
 * `loadsmith/metrics` — the metrics a run reports (names, types, tags, what a threshold may aggregate), the kinds of
 * failure it counts, the shapes of the summary and the per-second timeline, and how stored timelines are merged and
 * compacted. Browser-safe: the
 * summary's types come from Node-only modules as types only.
 */
export {
  AGGREGATIONS,
  HTTP_TAGS,
  METRICS,
  type MetricDef,
  type MetricType,
  type MetricUnit,
} from '../base/metric-registry.ts';
export { CompactSeries, MAX_TIMELINE_POINTS } from '../metrics/timeline-compact.ts';
export { mergePoints } from '../metrics/timeline-merge.ts';
export type {
  GrpcPoint,
  LatencyPoint,
  RequestPoint,
  TimelinePoint,
  TrendPoint,
  WsPoint,
} from '../metrics/timeline-point.ts';
export type { EncodedHistogram } from '../metrics/histogram.ts';
export { ERROR_KINDS, type ErrorKind } from '../runtime/http/types.ts';
export type { MetricSummary, RequestSummary, ScenarioSummary, StopReason, Summary } from '../metrics/summary.ts';
export type { ScenarioChecks, ScenarioRequests } from '../metrics/scenario-requests.ts';
export type { ControlSummary, PhaseScenario, RunPhase } from '../metrics/phases.ts';
