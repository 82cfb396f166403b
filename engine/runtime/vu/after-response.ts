/**
 * What follows a response: the request's checks, then its extractions. afterResponse() is the plain request's (the
 * hot path, as it always was); judgedResponse() does the same for a watched request and returns its first failure (a
 * check that did not hold, an extraction that found nothing and has no default) for failure policies. Two functions
 * rather than one with a result: building a reason nobody reads must cost the plain path nothing.
 */
import type { CompiledCheckRule } from '../checks.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { CompiledExtractor } from '../extract.ts';
import type { ResponseView } from '../response.ts';
import { TemplateRuntimeError } from '../../template/index.ts';
import type { WorkerContext } from './send.ts';
import type { VirtualUser } from './virtual-user.ts';

const NO_RESPONSE = Object.freeze({ ok: false as const, reason: 'no response' });

export function afterResponse(vu: VirtualUser, req: CompiledRequest, res: ResponseView, wc: WorkerContext): void {
  const trace = wc.trace;
  const checks = req.checks;
  for (let i = 0; i < checks.length; i++) {
    const c = checks[i]!;
    const why = evaluate(c.rule, res, vu);
    if (why === undefined) c.pass++;
    else {
      c.fail++;
      c.failure ??= why;
    }
    if (trace !== undefined) trace.check(req, c.check, why);
  }
  if (req.extracts.length > 0) for (const x of req.extracts) extract(vu, req, res, wc, x.variable, x.extractor);
}

/** afterResponse() for a watched request: the same counts and trace, and the first failure in words. */
export function judgedResponse(
  vu: VirtualUser,
  req: CompiledRequest,
  res: ResponseView,
  wc: WorkerContext,
): string | undefined {
  let failure: string | undefined;
  for (const c of req.checks) {
    const why = evaluate(c.rule, res, vu);
    if (why === undefined) c.pass++;
    else {
      c.fail++;
      c.failure ??= why;
      failure ??= `check '${c.check}' failed: ${why}`;
    }
    wc.trace?.check(req, c.check, why);
  }
  for (const x of req.extracts) {
    const missed = extract(vu, req, res, wc, x.variable, x.extractor);
    failure ??= missed === undefined ? undefined : `extraction '${x.variable}' failed: ${missed}`;
  }
  return failure;
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

/** One extraction into the VU's variables; returns why it failed (undefined: it worked, or its default was used). */
function extract(
  vu: VirtualUser,
  req: CompiledRequest,
  res: ResponseView,
  wc: WorkerContext,
  variable: string,
  extractor: CompiledExtractor,
): string | undefined {
  const out = res.status === 0 ? NO_RESPONSE : extractor.run(res);
  let missed: string | undefined;
  if (out.ok) vu.ctx.vars.set(variable, out.value);
  else if (extractor.fallback !== undefined) vu.ctx.vars.set(variable, extractor.fallback);
  else {
    // Unset rather than stale: a later ${variable} then fails loudly instead of reusing an old value.
    vu.ctx.vars.delete(variable);
    wc.recorder.extractFailure(req.scenario, req.name, variable, out.reason);
    missed = out.reason;
  }
  if (wc.trace !== undefined) wc.trace.extract(req, variable, out, vu.ctx.vars.get(variable));
  return missed;
}
