/**
 * Designer traces: Try it (one request step) and Validate (one iteration of each scenario), run in this process
 * through the same compile/send/check/extract code as a load test, returning what was sent and received.
 */
export { traceRequest, type RequestTraceResult, type TraceRequestOptions } from './trace-request.ts';
export { traceIteration, type IterationTrace, type TraceIterationOptions } from './trace-iteration.ts';
export { planForTry } from './try-plan.ts';
export { MissingEnvironmentError, TraceInputError } from './errors.ts';
export type { TraceEntry, TraceTimings } from './entry.ts';
