/**
 * `loadsmith` — the runner from Node: run a plan (live ticks, stop, abort, the summary), trace one request or one
 * iteration (Try it, Validate), read the files a plan names through a source the caller controls, load its data
 * feeders, and keep a run's histograms and partial summary. Node only. The plan format, templates, metric names,
 * report formatting and conversion vocabulary are browser-safe subpaths of their own (docs/architecture.md).
 */
export { VERSION } from '../version.ts';
export {
  ControlError,
  runPlan,
  RunHandle,
  type ControlEvent,
  type ControlState,
  type RunInfo,
  type RunOptions,
  type ScaleTarget,
  type Tick,
} from '../run/run-plan.ts';
export {
  MissingEnvironmentError,
  planForTry,
  traceIteration,
  traceRequest,
  TraceInputError,
  type IterationTrace,
  type RequestTraceResult,
  type TraceEntry,
  type TraceIterationOptions,
  type TraceRequestOptions,
  type TraceTimings,
} from '../runtime/trace/index.ts';
export {
  describeGrpc,
  GrpcDescribeError,
  type GrpcField,
  type GrpcMethodInfo,
  type GrpcServiceInfo,
  type GrpcSource,
} from '../runtime/grpc/describe.ts';
export { PlanFileError, type PlanFile, type PlanFileSource } from '../runtime/files/plan-files.ts';
export { maxFileBytes, readBounded, type ReadBoundedOptions } from '../runtime/files/read-bounded.ts';
export { loadFeeders, type LoadedFeeder } from '../runtime/data/load.ts';
export { Histogram, type EncodedHistogram } from '../metrics/histogram.ts';
export { partialSummary, type PartialRun, type StoredSecond } from '../metrics/partial-summary.ts';
export type { UiLauncher } from '../cli/main.ts';
