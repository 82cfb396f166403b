/**
 * A watched request (compile/watched.ts): sent and checked like any other, then its status kept for status(), and
 * its outcome judged: a failed request (no response, or a status outside expectedStatuses), check or extraction
 * is told to setup's or teardown's report and, by its policy, ends the iteration or stops the VU (counted as errors
 * of kind iteration-ended and vu-stopped, so the summary shows how often, and after what).
 */
import type { WatchedRequest } from '../compile/watched.ts';
import type { ResponseView } from '../response.ts';
import { judgedResponse } from './after-response.ts';
import { applyFailurePolicy } from './failure-policy.ts';
import { IterationAbort, sendRequest, type WorkerContext } from './send.ts';
import { INTERRUPTED } from './signals.ts';
import type { VirtualUser } from './virtual-user.ts';

export async function runWatched(vu: VirtualUser, w: WatchedRequest, wc: WorkerContext): Promise<void> {
  let res: ResponseView | undefined;
  try {
    res = await sendRequest(vu, w.request, wc);
  } catch (e) {
    // The request could not be built (already counted as a template or invalid-url error): a failure like any other.
    if (e instanceof IterationAbort) failed(vu, w, wc, e.message, true);
    throw e;
  }
  if (res === undefined) throw INTERRUPTED;
  if (w.keepLast || w.keepByName) {
    const r = (vu.ctx.responses ??= { last: 0, byName: new Map() });
    if (w.keepLast) r.last = res.status;
    if (w.keepByName) r.byName.set(w.request.name, res.status);
  }
  const why = judgedResponse(vu, w.request, res, wc);
  const reason =
    res.status === 0 ? 'no response (see errors)' : !w.isExpected(res.status) ? `status ${res.status}` : why;
  if (reason !== undefined) failed(vu, w, wc, reason, false);
}

function failed(vu: VirtualUser, w: WatchedRequest, wc: WorkerContext, reason: string, thrown: boolean): void {
  applyFailurePolicy(vu, wc, w.request, w, reason, thrown);
}
