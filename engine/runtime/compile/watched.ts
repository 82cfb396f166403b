/**
 * A request whose outcome something looks at: a failure policy other than continue (endIteration, stopVU), the
 * statuses status() reads, or setup's and teardown's report. Requests nobody watches stay plain CompiledRequests.
 */
import type { OnFailure, Request } from '../../plan/schema/index.ts';
import type { CompileContext, CompiledRequest } from './request.ts';
import { failurePolicy } from './failure-policy.ts';
import { statusMatcher } from './status.ts';

export interface WatchedRequest {
  kind: 'watched';
  request: CompiledRequest;
  /** What a failure does; under arrival-rate executors stopVU has become endIteration. */
  onFailure: OnFailure;
  /** Tell the context's `failed` about every failure (setup, teardown). */
  report: boolean;
  /** Whether a status counts as a success (the request's expectedStatuses, else the plan's). */
  isExpected: (status: number) => boolean;
  /** Keep the status for status() and, under this request's name, for status('Name'). */
  keepLast: boolean;
  keepByName: boolean;
}

export function compileWatched(r: Request, req: CompiledRequest, cc: CompileContext): WatchedRequest | undefined {
  const flow = cc.flow;
  if (flow === undefined) return undefined;
  const { onFailure, report } = failurePolicy(r.onFailure, flow) ?? { onFailure: 'continue', report: false };
  const keepLast = flow.statuses?.last === true;
  const keepByName = flow.statuses?.names.has(req.name) === true;
  if (onFailure === 'continue' && !report && !keepLast && !keepByName) return undefined;
  const isExpected = statusMatcher(r.expectedStatuses ?? cc.plan.defaults?.http?.expectedStatuses);
  return { kind: 'watched', request: req, onFailure, report, isExpected, keepLast, keepByName };
}
