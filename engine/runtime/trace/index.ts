/**
 * Designer traces: Try it (one request step) and Validate (one iteration of each scenario), run in this process
 * through the same compile/send/check/extract code as a load test, returning what was sent and received.
 */
export { traceRequest, type RequestTraceResult, type TraceRequestOptions } from './trace-request.ts';
export { traceIteration, VALIDATE_MAX_REQUESTS, VALIDATE_TIMEOUT_MS, type IterationTrace, type TraceIterationOptions } from './trace-iteration.ts';
export { planForTry } from './try-plan.ts';
export { MissingEnvironmentError, TraceInputError } from './errors.ts';
export { REQUEST_BODY_LIMIT, RESPONSE_BODY_LIMIT, type TraceEntry, type TraceTimings } from './entry.ts';
