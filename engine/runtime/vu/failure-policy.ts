/**
 * What a step's failure policy (onFailure, compile/failure-policy.ts) does, for every kind of step that has one: HTTP
 * requests (vu/watched.ts), gRPC calls and WebSocket sessions. A failure is told to setup's or teardown's report and, by the
 * policy, ends the iteration or stops the VU, counted as errors of kind iteration-ended and vu-stopped so the summary
 * shows how often, and after what.
 */
import type { FailurePolicy } from '../compile/failure-policy.ts';
import { IterationAbort, type WorkerContext } from './send.ts';
import { StopVu } from './signals.ts';
import type { VirtualUser } from './virtual-user.ts';

/**
 * Reports a failure of the step `name` and applies the policy (throws IterationAbort or StopVu); `thrown`: the step
 * could not be made and the caller rethrows what ended it.
 */
export function applyFailurePolicy(
  vu: VirtualUser,
  wc: WorkerContext,
  step: { name: string; scenario: string },
  p: FailurePolicy,
  reason: string,
  thrown: boolean,
): void {
  const ends = thrown || p.onFailure !== 'continue';
  if (p.report || ends) wc.failed?.(step.name, reason, ends);
  if (p.onFailure === 'continue' || vu.interrupted) return;
  // Setup and teardown say what ended them in the summary's notes; a scenario's count says how often.
  const count = (kind: string, policy: string): void => {
    if (!p.report) wc.recorder.error(kind, step.scenario, step.name, `onFailure: ${policy} after ${reason}`);
  };
  if (p.onFailure === 'stopVU') {
    count('vu-stopped', 'stopVU');
    throw new StopVu(reason);
  }
  // A step that could not be made ends the iteration anyway, counted under its own kind.
  if (thrown) return;
  count('iteration-ended', 'endIteration');
  throw new IterationAbort(reason);
}
