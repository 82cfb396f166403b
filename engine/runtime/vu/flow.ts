/**
 * Flow control at run time: conditions, loops, weighted and round-robin branches, once-per-VU steps. Each runs its
 * chosen steps as a nested list, so an interruption or a failure policy inside ends the iteration as anywhere else.
 * A condition that cannot be evaluated (an unset variable) is a `template` error and ends the iteration, as a
 * request that cannot be built does. Loop variables are set for the loop and restored when it ends.
 */
import { MAX_PASSES } from '../../plan/schema/constants.ts';
import { TemplateRuntimeError, type Expression } from '../../template/index.ts';
import type { CompiledFlow, CompiledLoop, CompiledSwitch } from '../compile/flow.ts';
import type { CompiledStep } from '../compile/steps.ts';
import { IterationAbort, type WorkerContext } from './send.ts';
import { INTERRUPTED, macrotask } from './signals.ts';
import type { VirtualUser } from './virtual-user.ts';

type RunSteps = (vu: VirtualUser, steps: readonly CompiledStep[], wc: WorkerContext) => Promise<void>;

export async function runFlow(
  vu: VirtualUser,
  step: CompiledFlow<CompiledStep>,
  wc: WorkerContext,
  run: RunSteps,
): Promise<void> {
  switch (step.kind) {
    case 'if': {
      const yes = !!value(vu, step, step.condition, wc);
      const branch = yes ? step.then : step.else;
      wc.trace?.flow({ what: 'branch', step, branch: yes ? 'then' : branch ? 'else' : null });
      if (branch) await run(vu, branch, wc);
      return;
    }
    case 'switch': {
      const k = pick(vu, step);
      wc.trace?.flow({ what: 'branch', step, branch: k });
      const steps = step.branches[k]?.steps ?? [];
      if (steps.length > 0) await run(vu, steps, wc);
      return;
    }
    case 'once': {
      const done = (vu.flow ??= { once: new Set(), turns: new Map() }).once;
      const ran = !done.has(step);
      wc.trace?.flow({ what: 'once', step, ran });
      if (!ran) return;
      done.add(step);
      await run(vu, step.steps, wc);
      return;
    }
    case 'loop':
      await runLoop(vu, step, wc, run);
  }
}

/** One branch of a switch: drawn by weight, or the VU's next in turn. */
function pick(vu: VirtualUser, s: CompiledSwitch<CompiledStep>): number {
  if (s.mode === 'roundRobin') {
    const turns = (vu.flow ??= { once: new Set(), turns: new Map() }).turns;
    const n = turns.get(s) ?? 0;
    turns.set(s, n + 1);
    return n % s.branches.length;
  }
  const r = Math.random() * (s.cumulative[s.cumulative.length - 1] ?? 0);
  const k = s.cumulative.findIndex((c) => r < c);
  return k < 0 ? s.branches.length - 1 : k;
}

async function runLoop(
  vu: VirtualUser,
  loop: CompiledLoop<CompiledStep>,
  wc: WorkerContext,
  run: RunSteps,
): Promise<void> {
  const vars = vu.ctx.vars;
  const saved = [loop.counter, loop.item].filter((n) => n !== undefined).map((n) => [n, vars.get(n)] as const);
  const list = loop.list === undefined ? undefined : listOf(vu, loop, loop.list, wc);
  const limit = loop.loop === 'repeat' ? times(vu, loop, wc) : list !== undefined ? list.length : loop.max;
  let pass = 0;
  let hitMax = false;
  try {
    for (; ; pass++) {
      if (vu.interrupted) throw INTERRUPTED;
      const tested = loop.condition !== undefined && (loop.loop === 'while' || pass > 0);
      if (tested && !value(vu, loop, loop.condition as Expression, wc)) break;
      if (pass >= limit) {
        // Only a condition that still holds makes a bound a problem; repeat and forEach simply end there.
        hitMax = tested;
        if (hitMax)
          wc.recorder.error(
            'loop-max',
            vu.ctx.scenario,
            loop.label,
            `stopped at its max of ${limit} passes with the condition still true`,
          );
        break;
      }
      vars.set(loop.counter, pass);
      if (list !== undefined && loop.item !== undefined) vars.set(loop.item, list[pass]);
      wc.trace?.flow({ what: 'pass', step: loop, pass });
      const waits = vu.waits;
      await run(vu, loop.steps, wc);
      // A pass that sent nothing and slept not at all must not starve the event loop (and the stop it may bring).
      if (vu.waits === waits) await macrotask();
    }
  } finally {
    for (const [name, v] of saved)
      if (v === undefined) vars.delete(name);
      else vars.set(name, v);
    wc.trace?.flow({ what: 'end', step: loop, passes: pass, hitMax });
  }
}

function times(vu: VirtualUser, loop: CompiledLoop<CompiledStep>, wc: WorkerContext): number {
  if (typeof loop.times === 'number') return loop.times;
  const n = value(vu, loop, loop.times as Expression, wc);
  const count = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_PASSES) {
    fail(
      vu,
      loop,
      wc,
      `repeat times '${loop.times instanceof Object ? loop.times.source : ''}' gave ${JSON.stringify(n)}, not a whole number from 0 to ${MAX_PASSES}`,
    );
  }
  return count as number;
}

function listOf(
  vu: VirtualUser,
  loop: CompiledLoop<CompiledStep>,
  e: Expression,
  wc: WorkerContext,
): readonly unknown[] {
  const v = value(vu, loop, e, wc);
  if (!Array.isArray(v))
    fail(
      vu,
      loop,
      wc,
      `forEach in '${e.source}' is ${v === null ? 'null' : typeof v}, not a list (extract with all: true to get one)`,
    );
  return v as unknown[];
}

/** An expression's value; one that cannot be evaluated ends the iteration as a template error. */
function value(vu: VirtualUser, step: CompiledFlow<CompiledStep>, e: Expression, wc: WorkerContext): unknown {
  try {
    return e.evaluate(vu.ctx);
  } catch (x) {
    if (x instanceof TemplateRuntimeError) fail(vu, step, wc, x.message);
    throw x;
  }
}

function fail(vu: VirtualUser, step: CompiledFlow<CompiledStep>, wc: WorkerContext, message: string): never {
  wc.recorder.error('template', vu.ctx.scenario, step.label, message);
  wc.failed?.(step.label, message, true);
  throw new IterationAbort(message);
}
