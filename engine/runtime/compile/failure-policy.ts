/** A step's failure policy (onFailure) as compiled: HTTP requests, gRPC calls and WebSocket sessions share it. */
import type { OnFailure } from '../../plan/schema/index.ts';
import type { FlowSettings } from './request.ts';

export interface FailurePolicy {
  /** What a failure does; under arrival-rate executors stopVU has become endIteration. */
  onFailure: OnFailure;
  /** Tell the context's `failed` about every failure (setup, teardown). */
  report: boolean;
}

/** The policy of a step (its own onFailure, else its list's); undefined when nobody looks at its failures. */
export function failurePolicy(own: OnFailure | undefined, flow: FlowSettings | undefined): FailurePolicy | undefined {
  if (flow === undefined) return undefined;
  let onFailure = own ?? flow.onFailure ?? 'continue';
  if (onFailure === 'stopVU' && flow.arrivalRate === true) onFailure = 'endIteration';
  const report = flow.reportFailures === true;
  return onFailure === 'continue' && !report ? undefined : { onFailure, report };
}
