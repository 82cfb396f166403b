/** runIteration's outcomes on every path, and what a run does with a failing iteration (in-memory dispatcher). */
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { CompiledCheckRule } from '../checks.ts';
import { compileSteps } from '../compile/steps.ts';
import { Feeders } from '../data/feeders.ts';
import { policyFor } from '../executors/policies.ts';
import { ArrivalRateRun } from '../executors/arrival-rate-run.ts';
import { ScenarioRun } from '../executors/scenario-run.ts';
import { runIteration, type WorkerContext } from './interpreter.ts';
import { VirtualUser } from './virtual-user.ts';

/** Answers each request `200 {"id":7}` on the next macrotask, except paths starting with /hang (never answered). */
class FakeDispatcher {
  readonly sent: string[] = [];
  dispatch(opts: { path: string }, h: Dispatcher.DispatchHandler): boolean {
    this.sent.push(opts.path);
    let aborted = false;
    const ctrl = {
      abort: () => {
        aborted = true;
      },
      rawHeaders: [],
    } as unknown as Dispatcher.DispatchController;
    h.onRequestStart?.(ctrl, {});
    if (!opts.path.startsWith('/hang')) {
      setImmediate(() => {
        if (aborted) return;
        h.onResponseStart?.(ctrl, 200, { 'content-type': 'application/json' }, 'OK');
        h.onResponseData?.(ctrl, Buffer.from('{"id":7}'));
        h.onResponseEnd?.(ctrl, {});
      });
    }
    return true;
  }
}

function setup(steps: Step[]) {
  const d = new FakeDispatcher();
  const recorder = new MetricsRecorder();
  const plan = {
    version: 1,
    name: 't',
    defaults: { baseUrl: 'http://127.0.0.1:9' },
    scenarios: { s: { executor: 'per-vu-iterations', steps } },
  } as unknown as Plan;
  const compiled = compileSteps(steps, '', {
    plan,
    scenario: 's',
    scenarioTags: undefined,
    recorder,
    files: new Map(),
  });
  const wc: WorkerContext = { dispatcher: d as unknown as Dispatcher, recorder, userAgent: 'test' };
  const vu = new VirtualUser(1, 's', {}, 'iteration');
  return { d, vu, wc, recorder, compiled, run: () => runIteration(vu, compiled, wc) };
}

const req = (url: string, more: object = {}): Step => ({ request: { url, ...more } }) as Step;
const later = (ms: number, f: () => void): void => {
  setTimeout(f, ms);
};
/** Makes the first check of a compiled request throw an engine fault (not a measurement). */
const faulty = (r: CompiledRequest): void => {
  (r.checks[0] as { rule: CompiledCheckRule }).rule = {
    evaluate: () => {
      throw new Error('boom');
    },
    needsBody: false,
  };
};

describe('runIteration', () => {
  it('completes after the last step; checks and extractions run before the next step is sent', async () => {
    const { d, vu, run } = setup([req('/a', { extract: { id: { jsonPath: '$.id' } } }), req('/b?id=${id}')]);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/a', '/b?id=7']);
    expect(vu.ctx.vars.get('id')).toBe(7);
  });

  it('an empty step list completes, or is interrupted when the VU is', async () => {
    const a = setup([]);
    await expect(a.run()).resolves.toBe('completed');
    const b = setup([]);
    b.vu.interrupt();
    await expect(b.run()).resolves.toBe('interrupted');
  });

  it('is interrupted without sending anything when the VU is interrupted before the first step', async () => {
    const { d, vu, run } = setup([req('/a')]);
    vu.interrupt();
    await expect(run()).resolves.toBe('interrupted');
    expect(d.sent).toEqual([]);
  });

  it('is interrupted between steps: a think cut short, the next request not sent', async () => {
    const { d, vu, run } = setup([req('/a'), { think: '10s' } as Step, req('/b')]);
    const p = run();
    later(30, () => vu.interrupt());
    await expect(p).resolves.toBe('interrupted');
    expect(d.sent).toEqual(['/a']);
  });

  it('is interrupted when the VU is interrupted during its last step, even if that step ended normally', async () => {
    const { vu, run } = setup([req('/a'), { think: '10s' } as Step]);
    const p = run();
    later(30, () => vu.interrupt());
    await expect(p).resolves.toBe('interrupted');
  });

  it('is interrupted when a request in flight is interrupted', async () => {
    const { d, vu, run } = setup([req('/hang'), req('/b')]);
    const p = run();
    later(10, () => vu.interrupt());
    await expect(p).resolves.toBe('interrupted');
    expect(d.sent).toEqual(['/hang']);
  });

  it('a request that cannot be built ends the iteration as completed, skipping the rest', async () => {
    const { d, run } = setup([req('/a'), req('/${missing}'), req('/c')]);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/a']);
  });

  it('a request that cannot be built while the VU was interrupted counts as interrupted', async () => {
    const { vu, run } = setup([
      { batch: [{ request: { url: '/${missing}' } }, { request: { url: '/hang' } }] } as Step,
    ]);
    const p = run();
    later(10, () => vu.interrupt());
    await expect(p).resolves.toBe('interrupted');
  });

  it('a group or a batch interrupted in flight ends the iteration as interrupted', async () => {
    for (const step of [
      { group: { name: 'g', steps: [req('/hang')] } },
      { batch: [{ request: { url: '/hang' } }] },
    ] as Step[]) {
      const { d, vu, run } = setup([step, req('/after')]);
      const p = run();
      later(10, () => vu.interrupt());
      await expect(p).resolves.toBe('interrupted');
      expect(d.sent).not.toContain('/after');
    }
  });

  it('an interrupted group is not timed: only groups that ran to their end record a duration', async () => {
    const hung = setup([{ group: { name: 'g', steps: [req('/hang')] } } as Step]);
    const p = hung.run();
    later(10, () => hung.vu.interrupt());
    await expect(p).resolves.toBe('interrupted');
    expect(hung.recorder.flush(0, 0, true, {}).groups).toEqual([]);
    const ok = setup([{ group: { name: 'g', steps: [req('/a')] } } as Step]);
    await expect(ok.run()).resolves.toBe('completed');
    expect(ok.recorder.flush(0, 0, true, {}).groups).toEqual([expect.objectContaining({ scenario: 's' })]);
  });

  it('a group step that fails to build a request ends the iteration as completed', async () => {
    const { d, run } = setup([{ group: { name: 'g', steps: [req('/${missing}')] } } as Step, req('/after')]);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual([]);
  });

  it('a check whose expected value cannot be rendered fails with the reason, and the iteration goes on', async () => {
    const check = { checks: [{ jsonPath: '$.id', equals: '${missing}' }] };
    const { d, compiled, run } = setup([
      req('/a', check),
      { group: { name: 'g', steps: [req('/b', check)] } } as Step,
      req('/c'),
    ]);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/a', '/b', '/c']);
    const counter = (compiled[0] as CompiledRequest).checks[0]!;
    expect(counter).toMatchObject({ pass: 0, fail: 1 });
    expect(counter.failure).toMatch(/^cannot evaluate: .*missing/);
  });

  it('rejects with an engine fault, from a top-level request or from inside a group', async () => {
    const a = setup([req('/a', { checks: [{ status: 200 }] }), req('/b')]);
    faulty(a.compiled[0] as CompiledRequest);
    await expect(a.run()).rejects.toThrow('boom');
    expect(a.d.sent).toEqual(['/a']);
    const b = setup([{ group: { name: 'g', steps: [req('/a', { checks: [{ status: 200 }] })] } } as Step, req('/b')]);
    const group = b.compiled[0] as { steps: CompiledRequest[] };
    faulty(group.steps[0]!);
    await expect(b.run()).rejects.toThrow('boom');
    expect(b.d.sent).toEqual(['/a']);
  });

  it('runs many steps that settle at once without growing the stack', async () => {
    const { run } = setup(Array.from({ length: 20_000 }, () => ({ think: '0s' }) as Step));
    await expect(run()).resolves.toBe('completed');
  });
});

describe('a run with an iteration that fails unexpectedly', () => {
  it('counts the fault as an error of kind other and the VU goes on with its next iteration', async () => {
    const { d, vu, wc, recorder, compiled } = setup([req('/a', { checks: [{ status: 200 }] })]);
    faulty(compiled[0] as CompiledRequest);
    const run = new ScenarioRun(
      {
        name: 's',
        steps: compiled,
        slots: [{ index: 0, vu, iter: 0, running: false, retiring: false, retireTimer: undefined }],
        startMs: 0,
        regularEndMs: 60_000,
        gracefulStopMs: 0,
        feeders: new Feeders([], new Int32Array(0)),
        recorder,
        wc,
      },
      policyFor({ executor: 'per-vu-iterations', iterations: 3, steps: [] } as never, undefined),
    );
    run.schedule(0);
    await run.done;
    expect(d.sent).toEqual(['/a', '/a', '/a']);
    const sample = recorder.flush(0, 0, true, {});
    expect(sample.errors).toEqual([
      expect.objectContaining({ kind: 'other', scenario: 's', count: 3, message: 'iteration failed: boom' }),
    ]);
    expect(sample.iterations[0]).toMatchObject({ scenario: 's', completed: 3, interrupted: 0 });
  });

  it('also in the open model: each arrival counts the fault and the next one runs', async () => {
    const { d, wc, recorder, compiled } = setup([req('/a', { checks: [{ status: 200 }] })]);
    faulty(compiled[0] as CompiledRequest);
    // A VU per arrival (none is dropped however slow the machine), and the regular end long after the last one.
    const run = new ArrivalRateRun({
      name: 's',
      steps: compiled,
      times: [0, 5, 10][Symbol.iterator](),
      worker: 0,
      workers: 1,
      newVu: (n) => (n < 3 ? new VirtualUser(n + 1, 's', {}, 'iteration') : undefined),
      preAllocated: 3,
      startMs: 0,
      regularEndMs: 500,
      gracefulStopMs: 0,
      feeders: new Feeders([], new Int32Array(0)),
      recorder,
      wc,
    });
    run.schedule(0);
    await run.done;
    expect(d.sent).toEqual(['/a', '/a', '/a']);
    const sample = recorder.flush(0, 0, true, {});
    expect(sample.errors).toEqual([
      expect.objectContaining({ kind: 'other', count: 3, message: 'iteration failed: boom' }),
    ]);
    expect(sample.iterations[0]).toMatchObject({ scenario: 's', completed: 3 });
  });
});
