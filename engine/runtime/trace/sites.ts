/**
 * Compiled steps prepared for a trace: each request found with its document path (compileSteps maps plan steps
 * one to one, so both trees are walked together), think times set to zero, bodies kept for display and request
 * timeouts capped. Nothing here changes what is sent.
 */
import type { PathSegment } from '../../plan/path.ts';
import type { Step } from '../../plan/schema/index.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { RequestSite } from './collector.ts';
import { RESPONSE_BODY_LIMIT } from './entry.ts';

/** No single request of a designer call waits longer than this, whatever the plan's timeout. */
export const MAX_REQUEST_TIMEOUT_MS = 60_000;

export interface TraceSites { sites: RequestSite[] }

/** Walks `steps` (as written) and `compiled` (from compileSteps) together, from the document path `base`. */
export function traceSites(steps: readonly Step[], compiled: readonly CompiledStep[], base: PathSegment[]): TraceSites {
  const out: TraceSites = { sites: [] };
  walk(steps, compiled, base, out);
  return out;
}

function walk(steps: readonly Step[], compiled: readonly CompiledStep[], base: PathSegment[], out: TraceSites): void {
  for (const [i, c] of compiled.entries()) {
    const step = steps[i] as Step;
    const at = [...base, i];
    switch (c.kind) {
      case 'request':
        out.sites.push({ req: forTrace(c), path: at });
        break;
      case 'batch':
        for (const [j, r] of c.requests.entries()) out.sites.push({ req: forTrace(r), path: [...at, 'batch', j] });
        break;
      case 'group':
        if ('group' in step) walk(step.group.steps, c.steps, [...at, 'group', 'steps'], out);
        break;
      case 'think':
        // Validate shows requests, not pacing: a think time would only make the user wait.
        c.minMs = 0;
        c.maxMs = 0;
        break;
    }
  }
}

/** Keeps the body (a run drops bodies nobody reads) and caps the wait; checks see exactly what a run sees. */
export function forTrace(req: CompiledRequest): CompiledRequest {
  // A body no check reads only needs keeping as far as it is shown.
  if (!req.keepBody) req.maxBodySize = Math.min(req.maxBodySize, RESPONSE_BODY_LIMIT);
  req.keepBody = true;
  req.timeoutMs = Math.min(req.timeoutMs, MAX_REQUEST_TIMEOUT_MS);
  return req;
}
