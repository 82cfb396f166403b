/** Flow control in the interpreter: branches, loops and their variables, switches, once, failure policies, interrupts. */
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import type { Step } from '../../plan/schema/index.ts';
import { flowSettingsOf } from '../compile/flow-settings.ts';
import { compileSteps } from '../compile/steps.ts';
import { runIteration, type WorkerContext } from './interpreter.ts';
import { VirtualUser } from './virtual-user.ts';

type Answer = { status: number; body?: unknown } | 'hang';

/** Answers on the next macrotask with what `answer` says for the path (default 200 {}). */
class FakeDispatcher {
  readonly sent: string[] = [];
  private readonly answer: (path: string) => Answer;
  constructor(answer: (path: string) => Answer) {
    this.answer = answer;
  }
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
    const a = this.answer(opts.path);
    if (a !== 'hang') {
      setImmediate(() => {
        if (aborted) return;
        h.onResponseStart?.(ctrl, a.status, { 'content-type': 'application/json' }, '');
        h.onResponseData?.(ctrl, Buffer.from(JSON.stringify(a.body ?? {})));
        h.onResponseEnd?.(ctrl, {});
      });
    }
    return true;
  }
}

/** Compiles `steps` as scenario s of a valid plan (the executor decides what stopVU means). */
function setup(
  steps: unknown[],
  answer: (path: string) => Answer = () => ({ status: 200 }),
  more: { executor?: object; defaults?: object; variables?: object } = {},
) {
  const { plan } = validatePlanValue({
    version: 1,
    name: 't',
    defaults: { baseUrl: 'http://127.0.0.1:9', ...more.defaults },
    ...(more.variables ? { variables: more.variables } : {}),
    scenarios: { s: { ...(more.executor ?? { executor: 'per-vu-iterations' }), steps } },
  });
  const d = new FakeDispatcher(answer);
  const recorder = new MetricsRecorder();
  const compiled = compileSteps(
    plan.scenarios.s!.steps as Step[],
    '',
    { plan, scenario: 's', scenarioTags: undefined, recorder, files: new Map(), flow: flowSettingsOf(plan)('s') },
    ['scenarios', 's', 'steps'],
  );
  const wc: WorkerContext = { dispatcher: d as unknown as Dispatcher, recorder, userAgent: 'test' };
  const newVu = (id = 1) => new VirtualUser(id, 's', {}, 'iteration');
  const vu = newVu();
  const run = (on = vu, iter = 0) => {
    on.beginIteration(iter);
    return runIteration(on, compiled, wc);
  };
  const errors = () => recorder.flush(0, 0, true, {}).errors.map((e) => [e.kind, e.request, e.count, e.message]);
  return { d, vu, newVu, wc, recorder, run, errors };
}

const req = (url: string, more: object = {}) => ({ request: { url, ...more } });

describe('if', () => {
  it('runs then or else by the condition, with the last status and extracted values', async () => {
    const { d, run } = setup(
      [
        req('/a', { name: 'A', extract: { n: { jsonPath: '$.n' } } }),
        { if: { condition: 'status() == 201 && n > 2', then: [req('/then')], else: [req('/else')] } },
        { if: { condition: "status('A') >= 400", then: [req('/never')] } },
      ],
      (p) => (p === '/a' ? { status: 201, body: { n: 3 } } : { status: 200 }),
    );
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/a', '/then']);
  });

  it('a condition that cannot be evaluated is a template error that ends the iteration', async () => {
    const { d, run, errors } = setup([
      req('/a', { extract: { missing: { jsonPath: '$.nope' } } }),
      { if: { condition: 'missing > 1', then: [req('/x')] } },
      req('/after'),
    ]);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/a']);
    expect(errors()).toEqual([
      ['template', 'if at steps[1]', 1, expect.stringContaining("variable 'missing' is not set")],
    ]);
  });
});

describe('loops', () => {
  it('repeat sets the counter from 0 and restores what the name held before', async () => {
    const { d, vu, run, errors } = setup(
      [
        req('/first', { extract: { index: { jsonPath: '$.v' } } }),
        { repeat: { times: 3, steps: [req('/r/${index}')] } },
        { repeat: { times: 'n - 1', counter: 'k', steps: [req('/k/${k}')] } },
        req('/after/${index}'),
      ],
      () => ({ status: 200, body: { v: 'outer' } }),
      { variables: { n: 3 } },
    );
    vu.ctx.vars.set('n', 3); // as the worker sets plan variables
    await run();
    expect(errors()).toEqual([]);
    expect(d.sent).toEqual(['/first', '/r/0', '/r/1', '/r/2', '/k/0', '/k/1', '/after/outer']);
    expect(vu.ctx.vars.get('index')).toBe('outer');
  });

  it('forEach walks a list extracted with all: true, with item and index, nested loops each with their own names', async () => {
    const { d, vu, run } = setup(
      [
        req('/list', { extract: { ids: { jsonPath: '$.items[*].id', all: true } } }),
        {
          forEach: {
            in: 'ids',
            steps: [{ repeat: { times: 2, counter: 'j', steps: [req('/item/${item}/${index}/${j}')] } }],
          },
        },
      ],
      (p) => (p === '/list' ? { status: 200, body: { items: [{ id: 'a' }, { id: 'b' }] } } : { status: 200 }),
    );
    await run();
    expect(d.sent).toEqual(['/list', '/item/a/0/0', '/item/a/0/1', '/item/b/1/0', '/item/b/1/1']);
    expect([vu.ctx.vars.has('item'), vu.ctx.vars.has('index'), vu.ctx.vars.has('j')]).toEqual([false, false, false]);
  });

  it('forEach of something that is not a list ends the iteration with a clear template error', async () => {
    const { run, errors } = setup(
      [req('/a', { extract: { x: { jsonPath: '$.n' } } }), { forEach: { in: 'x', steps: [req('/never')] } }],
      () => ({ status: 200, body: { n: 5 } }),
    );
    await run();
    expect(errors()).toEqual([
      [
        'template',
        'forEach at steps[1]',
        1,
        "forEach in 'x' is number, not a list (extract with all: true to get one)",
      ],
    ]);
  });

  it('while paginates until an empty page; the condition is checked before each pass', async () => {
    const pages: Record<string, unknown[]> = { '/p?page=0': [1, 2], '/p?page=1': [3], '/p?page=2': [] };
    const { d, run, errors } = setup(
      [
        req('/first', { extract: { items: { jsonPath: '$.items', default: [] } } }),
        {
          while: {
            condition: 'len(items) > 0',
            max: 10,
            steps: [req('/p', { query: { page: '${index}' }, extract: { items: { jsonPath: '$.items' } } })],
          },
        },
      ],
      (p) => ({ status: 200, body: { items: p === '/first' ? [0] : (pages[p] ?? []) } }),
    );
    await run();
    expect(d.sent).toEqual(['/first', '/p?page=0', '/p?page=1', '/p?page=2']);
    expect(errors()).toEqual([]);
  });

  it('doWhile runs at least once; a condition still true at max is counted as loop-max and the steps after run', async () => {
    const { d, run, errors } = setup(
      [
        { doWhile: { condition: 'status() == 202', max: 3, steps: [req('/job')] } },
        { doWhile: { condition: 'status() == 202', max: 3, steps: [req('/done')] } },
        req('/after'),
      ],
      (p) => ({ status: p === '/job' ? 202 : 200 }),
    );
    await run();
    expect(d.sent).toEqual(['/job', '/job', '/job', '/done', '/after']);
    expect(errors()).toEqual([
      ['loop-max', 'doWhile at steps[0]', 1, 'stopped at its max of 3 passes with the condition still true'],
    ]);
  });

  it('a loop whose passes never wait still yields to the event loop, so a hard stop ends it', async () => {
    const { vu, run } = setup([
      { while: { condition: 'true', max: 1_000_000, steps: [{ if: { condition: 'false', then: [req('/never')] } }] } },
    ]);
    const p = run();
    setTimeout(() => vu.interrupt(), 20);
    await expect(p).resolves.toBe('interrupted');
  });

  it('an interrupt inside a loop ends it at once: the sleep is cut short and no further pass starts', async () => {
    const { d, vu, run } = setup([
      { while: { condition: 'true', max: 100, steps: [req('/poll'), { think: '10s' }] } },
      req('/after'),
    ]);
    const t = performance.now();
    const p = run();
    setTimeout(() => vu.interrupt(), 30);
    await expect(p).resolves.toBe('interrupted');
    expect(performance.now() - t).toBeLessThan(2000);
    expect(d.sent).toEqual(['/poll']);
  });
});

describe('switches and once', () => {
  it('randomSwitch draws by weight (within statistical bounds over 4,000 draws)', async () => {
    const { d, run } = setup([
      {
        randomSwitch: [
          { weight: 70, steps: [req('/browse')] },
          { weight: 30, name: 'buy', steps: [req('/buy')] },
          { weight: 0.0001, steps: [] },
        ],
      },
    ]);
    for (let i = 0; i < 4000; i++) await run(undefined, i);
    const browse = d.sent.filter((p) => p === '/browse').length;
    // Binomial(4000, 0.7): sd ~29; 6 sd either side.
    expect(browse).toBeGreaterThan(2800 - 175);
    expect(browse).toBeLessThan(2800 + 175);
    expect(d.sent.length).toBeGreaterThanOrEqual(3990);
  });

  it('roundRobinSwitch takes the branches in turn, counted per VU', async () => {
    const { d, newVu, run } = setup([
      { roundRobinSwitch: [{ steps: [req('/one')] }, { steps: [req('/two')] }, { steps: [req('/three')] }] },
    ]);
    const [a, b] = [newVu(1), newVu(2)];
    for (let i = 0; i < 4; i++) await run(a, i);
    await run(b, 0);
    expect(d.sent).toEqual(['/one', '/two', '/three', '/one', '/one']);
  });

  it('once runs for each VU the first time only, and its extractions stay for the VU', async () => {
    const { d, newVu, run } = setup(
      [{ once: { steps: [req('/login', { extract: { token: { jsonPath: '$.token' } } })] } }, req('/use/${token}')],
      (p) => ({ status: 200, body: { token: p === '/login' ? 't1' : null } }),
    );
    const [a, b] = [newVu(1), newVu(2)];
    await run(a, 0);
    await run(a, 1);
    await run(b, 0);
    expect(d.sent).toEqual(['/login', '/use/t1', '/use/t1', '/login', '/use/t1']);
  });
});

describe('failure policies', () => {
  const failing = (p: string): Answer => ({ status: p.startsWith('/bad') ? 500 : 200, body: {} });

  it('endIteration ends the iteration after a failed status, check or extraction, counted by request', async () => {
    const { d, run, errors } = setup([req('/bad', { name: 'bad', onFailure: 'endIteration' }), req('/never')], failing);
    await expect(run()).resolves.toBe('completed');
    expect(d.sent).toEqual(['/bad']);
    const checks = setup(
      [req('/ok', { name: 'ok', onFailure: 'endIteration', checks: [{ status: 201 }] }), req('/never')],
      failing,
    );
    await checks.run();
    expect(checks.d.sent).toEqual(['/ok']);
    expect(checks.errors()).toEqual([
      ['iteration-ended', 'ok', 1, "onFailure: endIteration after check 'status is 201' failed: got 200"],
    ]);
    const extraction = setup(
      [req('/ok', { onFailure: 'endIteration', extract: { x: { jsonPath: '$.x' } } }), req('/never')],
      failing,
    );
    await extraction.run();
    expect(extraction.d.sent).toEqual(['/ok']);
    expect(errors()).toEqual([['iteration-ended', 'bad', 1, 'onFailure: endIteration after status 500']]);
  });

  it('defaults.onFailure applies to every request without its own; continue keeps going', async () => {
    const { d, run } = setup([req('/bad/1', { onFailure: 'continue' }), req('/bad/2'), req('/never')], failing, {
      defaults: { onFailure: 'endIteration' },
    });
    await run();
    expect(d.sent).toEqual(['/bad/1', '/bad/2']);
  });

  it('stopVU ends the iteration with vu-stopped; inside a batch as well', async () => {
    const { run, errors } = setup([req('/bad', { name: 'b', onFailure: 'stopVU' })], failing);
    await expect(run()).resolves.toBe('vu-stopped');
    expect(errors()).toEqual([['vu-stopped', 'b', 1, 'onFailure: stopVU after status 500']]);
    const batch = setup([{ batch: [req('/ok'), req('/bad', { onFailure: 'stopVU' })] }, req('/never')], failing);
    await expect(batch.run()).resolves.toBe('vu-stopped');
    expect(batch.d.sent.sort()).toEqual(['/bad', '/ok']);
  });

  it('under an arrival-rate executor stopVU ends the iteration only', async () => {
    const { run } = setup([req('/bad', { onFailure: 'stopVU' }), req('/never')], failing, {
      executor: { executor: 'constant-arrival-rate', rate: 1, duration: '1s', preAllocatedVUs: 1 },
    });
    await expect(run()).resolves.toBe('completed');
  });

  it("conditions read each batch response by its request's name", async () => {
    const { d, run } = setup(
      [
        { batch: [req('/ok', { name: 'first' }), req('/bad', { name: 'second' })] },
        { if: { condition: "status('first') == 200 && status('second') == 500", then: [req('/both-seen')] } },
      ],
      failing,
    );
    await run();
    expect(d.sent).toContain('/both-seen');
  });
});
