/** Runs the steps of one iteration for a VU: requests (with checks and extractions), think, groups, batches. */
import { performance } from 'node:perf_hooks';
import type { CompiledRequest } from '../compile/request.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { CompiledCheckRule } from '../checks.ts';
import type { ResponseView } from '../response.ts';
import { TemplateRuntimeError } from '../../template/index.ts';
import { IterationAbort, sendRequest, type WorkerContext } from './send.ts';
import type { VirtualUser } from './virtual-user.ts';

export type { WorkerContext } from './send.ts';
export type IterationOutcome = 'completed' | 'interrupted';

class Interrupted extends Error {}
const INTERRUPTED = new Interrupted('interrupted');
const NO_RESPONSE = Object.freeze({ ok: false as const, reason: 'no response' });

/**
 * Not an async function: the steps run by promise callbacks (StepRun), so a request costs one promise reaction
 * here instead of suspending and resuming an async frame for the step loop and another for the iteration.
 */
export function runIteration(vu: VirtualUser, steps: readonly CompiledStep[], wc: WorkerContext): Promise<IterationOutcome> {
  return new Promise<IterationOutcome>((resolve, reject) => { new StepRun(vu, steps, wc, false, resolve, reject).next(); });
}

/** A group's steps: an interruption or an abort inside it ends the whole iteration (it rejects, with INTERRUPTED). */
function runSteps(vu: VirtualUser, steps: readonly CompiledStep[], wc: WorkerContext): Promise<void> {
  return new Promise<void>((resolve, reject) => { new StepRun(vu, steps, wc, true, () => resolve(), reject).next(); });
}

function ended(vu: VirtualUser, e: unknown): IterationOutcome {
  if (e === INTERRUPTED) return 'interrupted';
  // A request could not be built (already counted as an error): the iteration ends, as a thrown exception does in k6.
  if (e instanceof IterationAbort) return vu.interrupted ? 'interrupted' : 'completed';
  throw e;
}

/**
 * One step list, walked by promise callbacks: before each step and after the last, an interrupted VU ends it;
 * a request's checks and extractions run before the next step. The iteration's list (`nested` false) settles
 * with its outcome; a group's (`nested` true) rejects on an interruption or an error, which its iteration ends with.
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

  constructor(vu: VirtualUser, steps: readonly CompiledStep[], wc: WorkerContext, nested: boolean, resolve: (o: IterationOutcome) => void, reject: (e: unknown) => void) {
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
    if (vu.interrupted) { this.interrupted(); return; }
    if (this.i >= this.steps.length) { this.resolve('completed'); return; }
    const step = this.steps[this.i]!;
    // Both are async functions: they never throw, they reject.
    (step.kind === 'request' ? sendRequest(vu, step, this.wc) : runStep(vu, step, this.wc)).then(this.onSettled, this.onFailed);
  }

  private done(res: ResponseView | undefined): void {
    const step = this.steps[this.i++]!;
    if (step.kind === 'request') {
      if (res === undefined) { this.interrupted(); return; }
      try { afterResponse(this.vu, step, res, this.wc); } catch (e) { this.fail(e); return; }
    }
    this.next();
  }

  private interrupted(): void {
    if (this.nested) this.reject(INTERRUPTED);
    else this.resolve('interrupted');
  }

  private fail(e: unknown): void {
    if (this.nested) { this.reject(e); return; }
    try { this.resolve(ended(this.vu, e)); } catch (x) { this.reject(x); }
  }
}

async function runStep(vu: VirtualUser, step: Exclude<CompiledStep, { kind: 'request' }>, wc: WorkerContext): Promise<void> {
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
  }
}

async function runRequest(vu: VirtualUser, req: CompiledRequest, wc: WorkerContext): Promise<void> {
  const res = await sendRequest(vu, req, wc);
  if (res === undefined) throw INTERRUPTED;
  afterResponse(vu, req, res, wc);
}

/** Checks, then extractions, of a response. */
function afterResponse(vu: VirtualUser, req: CompiledRequest, res: ResponseView, wc: WorkerContext): void {
  const trace = wc.trace;
  const checks = req.checks;
  for (let i = 0; i < checks.length; i++) {
    const c = checks[i]!;
    const why = evaluate(c.rule, res, vu);
    if (why === undefined) c.counter.pass++;
    else {
      c.counter.fail++;
      c.counter.failure ??= why;
    }
    if (trace !== undefined) trace.check(req, c.counter.key.check, why);
  }
  if (req.extracts.length > 0) extract(vu, req, res, wc);
}

/** A check whose expected value cannot be rendered (`equals: "${id}"` after a failed extraction) fails, and says why:
 * it is counted and shown with the other failures instead of ending the iteration. */
function evaluate(rule: CompiledCheckRule, res: ResponseView, vu: VirtualUser): string | undefined {
  try {
    return rule.evaluate(res, vu.ctx);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `cannot evaluate: ${e.message}`;
    throw e;
  }
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

function extract(vu: VirtualUser, req: CompiledRequest, res: ResponseView, wc: WorkerContext): void {
  for (const { variable, extractor } of req.extracts) {
    const out = res.status === 0 ? NO_RESPONSE : extractor.run(res);
    if (out.ok) vu.ctx.vars.set(variable, out.value);
    else if (extractor.fallback !== undefined) vu.ctx.vars.set(variable, extractor.fallback);
    else {
      // Unset rather than stale: a later ${variable} then fails loudly instead of reusing an old value.
      vu.ctx.vars.delete(variable);
      wc.recorder.extractFailure(req.scenario, req.name, variable, out.reason);
    }
    if (wc.trace !== undefined) wc.trace.extract(req, variable, out, vu.ctx.vars.get(variable));
  }
}
