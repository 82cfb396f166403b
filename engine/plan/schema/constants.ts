/**
 * The schema's constants that the runtime needs too. No zod here: worker threads read these and never load zod
 * (runtime/worker/main.ts, its memory); the schema files import them from here.
 */

/** Most passes a loop may make (`repeat.times`, `while.max`): a bound on a typo, not on real journeys. */
export const MAX_PASSES = 1_000_000;

/** gRPC status codes by name, in code order (OK = 0 ... UNAUTHENTICATED = 16). */
export const GRPC_CODES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

/** The open model: iterations start on a schedule, whatever the target's speed. */
export const ARRIVAL_RATE_EXECUTORS = ['constant-arrival-rate', 'ramping-arrival-rate'] as const;
