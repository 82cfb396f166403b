/**
 * Compiled steps prepared for a trace: each request found with its document path (compileSteps maps plan steps
 * one to one, so both trees are walked together, into branches and loops too), think times set to zero outside
 * loops, bodies kept for display and request timeouts capped. Nothing here changes what is sent.
 */
import type { PathSegment } from '../../plan/path.ts';
import { childLists } from '../../plan/child-lists.ts';
import type { Step } from '../../plan/schema/index.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { CompiledStep, RequestStep } from '../compile/steps.ts';
import type { RequestSite } from './collector.ts';
import { RESPONSE_BODY_LIMIT } from './entry.ts';

/** No single request of a designer call waits longer than this, whatever the plan's timeout. */
export const MAX_REQUEST_TIMEOUT_MS = 60_000;

export interface TraceSites {
  sites: RequestSite[];
}

/** Walks `steps` (as written) and `compiled` (from compileSteps) together, from the document path `base`. */
export function traceSites(steps: readonly Step[], compiled: readonly CompiledStep[], base: PathSegment[]): TraceSites {
  const out: TraceSites = { sites: [] };
  walk(steps, compiled, base, out);
  return out;
}

function walk(
  steps: readonly Step[],
  compiled: readonly CompiledStep[],
  base: PathSegment[],
  out: TraceSites,
  inLoop = false,
): void {
  for (const [i, c] of compiled.entries()) {
    const step = steps[i] as Step;
    const at = [...base, i];
    switch (c.kind) {
      case 'request':
      case 'watched':
        out.sites.push({ req: forTrace(requestOf(c)), path: at });
        break;
      case 'batch':
        for (const [j, r] of c.requests.entries())
          out.sites.push({ req: forTrace(requestOf(r)), path: [...at, 'batch', j] });
        break;
      case 'grpc':
        // A call's wait is capped as a request's is.
        c.timeoutMs = Math.min(c.timeoutMs, MAX_REQUEST_TIMEOUT_MS);
        out.sites.push({ req: c, path: at });
        break;
      case 'think':
        // Validate shows requests, not pacing: a think time would only make the user wait. Inside a loop it is kept:
        // a polling loop's pause is what gives the job time to finish.
        if (!inLoop) {
          c.minMs = 0;
          c.maxMs = 0;
        }
        break;
      case 'websocket':
        break;
      default: {
        const inner = compiledLists(c);
        for (const [k, child] of childLists(step).entries()) {
          walk(child.steps, inner[k] ?? [], [...at, ...child.path], out, inLoop || c.kind === 'loop');
        }
      }
    }
  }
}

const requestOf = (r: RequestStep): CompiledRequest => (r.kind === 'watched' ? r.request : r);

/** The step lists inside a compiled group or flow step, in the order childLists() gives the plan's. */
function compiledLists(
  c: Exclude<CompiledStep, RequestStep | { kind: 'think' | 'batch' | 'websocket' | 'grpc' }>,
): CompiledStep[][] {
  switch (c.kind) {
    case 'group':
    case 'loop':
    case 'once':
      return [c.steps];
    case 'if':
      return c.else ? [c.then, c.else] : [c.then];
    case 'switch':
      return c.branches.map((b) => b.steps);
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
