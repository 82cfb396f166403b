/**
 * Runs the steps of one iteration for a VU: requests (with checks and extractions), think, groups, batches, and
 * flow control (vu/flow.ts). An iteration is one pass over the scenario's steps, whatever branches and loop passes
 * ran inside it (as in k6).
 */
import { performance } from 'node:perf_hooks';
import type { CompiledStep, RequestStep } from '../compile/steps.ts';
import type { ResponseView } from '../response.ts';
import { runGrpc } from '../grpc/call.ts';
import { afterResponse } from './after-response.ts';
import { runFlow } from './flow.ts';
import { IterationAbort, sendRequest, type WorkerContext } from './send.ts';
import { INTERRUPTED, StopVu } from './signals.ts';
import type { VirtualUser } from './virtual-user.ts';
import { runWatched } from './watched.ts';
import { runWebSocket } from '../ws/run.ts';

export type { WorkerContext } from './send.ts';
/** `vu-stopped`: a failure policy (onFailure: stopVU) ended the iteration and the VU runs no more; it counts as completed. */
export type IterationOutcome = 'completed' | 'interrupted' | 'vu-stopped';

/**
 * Not an async function: the steps run by promise callbacks (StepRun), so a request costs one promise reaction
 * here instead of suspending and resuming an async frame for the step loop and another for the iteration.
 */
export function runIteration(
  vu: VirtualUser,
  steps: readonly CompiledStep[],
  wc: WorkerContext,
): Promise<IterationOutcome> {
  return new Promise<IterationOutcome>((resolve, reject) => {
    new StepRun(vu, steps, wc, false, resolve, reject).next();
  });
}

/** A nested step list (a group's, a branch's, a loop pass): an interruption or an abort inside it ends the whole iteration (it rejects). */
export function runSteps(vu: VirtualUser, steps: readonly CompiledStep[], wc: WorkerContext): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    new StepRun(vu, steps, wc, true, () => resolve(), reject).next();
  });
}

function ended(vu: VirtualUser, e: unknown): IterationOutcome {
  if (e === INTERRUPTED) return 'interrupted';
  if (e instanceof StopVu) return vu.interrupted ? 'interrupted' : 'vu-stopped';
  // A request could not be built, or a failure policy ended the iteration (already counted): it ends, as a thrown
  // exception does in k6.
  if (e instanceof IterationAbort) return vu.interrupted ? 'interrupted' : 'completed';
  throw e;
}

/**
 * One step list, walked by promise callbacks: before each step and after the last, an interrupted VU ends it;
 * a request's checks and extractions run before the next step. The iteration's list (`nested` false) settles
 * with its outcome; a nested one (`nested` true) rejects on an interruption or an error, which its iteration ends with.
 */
class StepRun {
  private i = 0;
  private readonly vu: VirtualUser;
  private readonly steps: readonly CompiledStep[];
  private readonly wc: WorkerContext;
  private readonly nested: boolean;
  private readonly resolve: (o: IterationOutcome) => void;
  private readonly reject: (e: unknown) => void;
  /** Bound once per list, not per step. */
  private readonly onSettled = (res: unknown): void => this.done(res as ResponseView | undefined);
  private readonly onFailed = (e: unknown): void => this.fail(e);

  constructor(
    vu: VirtualUser,
    steps: readonly CompiledStep[],
    wc: WorkerContext,
    nested: boolean,
    resolve: (o: IterationOutcome) => void,
    reject: (e: unknown) => void,
  ) {
    this.vu = vu;
    this.steps = steps;
    this.wc = wc;
    this.nested = nested;
    this.resolve = resolve;
    this.reject = reject;
  }

  /** Starts the step at i, or ends the list after the last one. */
  next(): void {
    const vu = this.vu;
    if (vu.interrupted) {
      this.interrupted();
      return;
    }
    if (this.i >= this.steps.length) {
      this.resolve('completed');
      return;
    }
    const step = this.steps[this.i]!;
    // Both are async functions: they never throw, they reject.
    (step.kind === 'request' ? sendRequest(vu, step, this.wc) : runStep(vu, step, this.wc)).then(
      this.onSettled,
      this.onFailed,
    );
  }

  private done(res: ResponseView | undefined): void {
    const step = this.steps[this.i++]!;
    if (step.kind === 'request') {
      if (res === undefined) {
        this.interrupted();
        return;
      }
      try {
        afterResponse(this.vu, step, res, this.wc);
      } catch (e) {
        this.fail(e);
        return;
      }
    }
    this.next();
  }

  private interrupted(): void {
    if (this.nested) this.reject(INTERRUPTED);
    else this.resolve('interrupted');
  }

  private fail(e: unknown): void {
    if (this.nested) {
      this.reject(e);
      return;
    }
    try {
      this.resolve(ended(this.vu, e));
    } catch (x) {
      this.reject(x);
    }
  }
}

async function runStep(
  vu: VirtualUser,
  step: Exclude<CompiledStep, { kind: 'request' }>,
  wc: WorkerContext,
): Promise<void> {
  switch (step.kind) {
    case 'think':
      await vu.sleep(step.minMs === step.maxMs ? step.minMs : step.minMs + Math.random() * (step.maxMs - step.minMs));
      break;
    case 'group': {
      const t = performance.now();
      await runSteps(vu, step.steps, wc);
      wc.recorder.group(vu.ctx.scenario, step.path, Math.round((performance.now() - t) * 1000));
      break;
    }
    case 'batch': {
      const results = await Promise.allSettled(step.requests.map((r) => runRequest(vu, r, wc)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      break;
    }
    case 'watched':
      await runWatched(vu, step, wc);
      break;
    case 'websocket':
      await runWebSocket(vu, step, wc);
      break;
    case 'grpc':
      await runGrpc(vu, step, wc);
      break;
    default:
      await runFlow(vu, step, wc, runSteps);
  }
}

async function runRequest(vu: VirtualUser, req: RequestStep, wc: WorkerContext): Promise<void> {
  if (req.kind === 'watched') {
    await runWatched(vu, req, wc);
    return;
  }
  const res = await sendRequest(vu, req, wc);
  if (res === undefined) throw INTERRUPTED;
  afterResponse(vu, req, res, wc);
}

/**
 * For executors: an iteration that failed unexpectedly (an engine fault, not a measurement) is counted as an error
 * of kind `other` with its message, and ends as completed (or interrupted), so that the VU goes on and the summary
 * shows what happened instead of the VU stopping in silence. Try it (the designer) sees the exception itself.
 */
export function iterationFailed(vu: VirtualUser, wc: WorkerContext, e: unknown): IterationOutcome {
  wc.recorder.error('other', vu.ctx.scenario, '', `iteration failed: ${e instanceof Error ? e.message : String(e)}`);
  return vu.interrupted ? 'interrupted' : 'completed';
}
