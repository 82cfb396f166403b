/** Validate against a real server: every request in order, extractions reused, failures and limits reported. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { JSON_DOC, startTargetServer, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import { PlanError } from '../../plan/errors.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { TraceInputError, type MissingEnvironmentError } from './errors.ts';
import { traceIteration } from './trace-iteration.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

const plan = (yaml: string): Plan =>
  parse(`
version: 1
name: validate test
defaults: { baseUrl: "\${env.BASE}" }
${yaml}`) as Plan;
const env = () => ({ BASE: server.url });

describe('traceIteration', () => {
  it('runs every step once in order, reusing an extracted value, skipping think times', async () => {
    const p = plan(`
scenarios:
  s:
    executor: constant-vus
    vus: 10
    duration: 1m
    steps:
      - request: { name: login, url: /json, extract: { token: { jsonPath: $.token } }, checks: [{ status: 200 }] }
      - think: 5s
      - group:
          name: g
          steps:
            - request: { name: use, url: "/echo?t=\${token}", checks: [{ jsonPath: $.query.t, equals: "\${token}" }] }
      - batch:
          - request: { name: b0, url: /text }
          - request: { name: b1, url: /status/404, checks: [{ status: 200 }] }`);
    const t = performance.now();
    const r = await traceIteration(p, { env: env() });
    expect(performance.now() - t).toBeLessThan(4000);
    expect(r.errors).toEqual([]);
    expect(r.entries.map((e) => [e.name, e.group, e.path.join('.')])).toEqual([
      ['login', '', 'scenarios.s.steps.0'],
      ['use', '::g', 'scenarios.s.steps.2.group.steps.0'],
      ['b0', '', 'scenarios.s.steps.3.batch.0'],
      ['b1', '', 'scenarios.s.steps.3.batch.1'],
    ]);
    const [login, use, , b1] = r.entries;
    expect(login?.extracted).toEqual([{ variable: 'token', ok: true, value: JSON_DOC.token, reason: null }]);
    expect(use?.request.url).toBe(`${server.url}/echo?t=${JSON_DOC.token}`);
    expect(use?.checks).toEqual([{ name: '$.query.t == "${token}"', ok: true, reason: null }]);
    expect(b1?.checks).toEqual([{ name: 'status is 200', ok: false, reason: 'got 404' }]);
    expect(server.hits()).toBe(4);
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it("runs setup first and teardown last, traces each loop pass, branch and switch, and returns setup's data", async () => {
    const p = plan(`
setup:
  steps: [{ request: { name: token, url: /json, extract: { token: { jsonPath: $.token } } } }]
teardown:
  steps: [{ request: { name: bye, url: "/echo?t=\${token}" } }]
scenarios:
  s:
    executor: constant-vus
    vus: 2
    duration: 1m
    steps:
      - repeat:
          times: 2
          steps:
            - request: { name: page, url: "/echo?p=\${index}&t=\${token}" }
            - if: { condition: index == 1, then: [{ request: { name: second, url: /text } }] }
      - roundRobinSwitch: [{ name: first, steps: [{ request: { name: rr, url: /text } }] }, { steps: [] }]
      - once: { steps: [{ request: { name: login, url: /text } }] }`);
    const r = await traceIteration(p, { env: env() });
    expect(r.errors).toEqual([]);
    expect(r.setup).toEqual({ token: JSON_DOC.token });
    expect(r.entries.map((e) => [e.scenario, e.name, e.passes])).toEqual([
      ['(setup)', 'token', undefined],
      ['s', 'page', [0]],
      ['s', 'page', [1]],
      ['s', 'second', [1]],
      ['s', 'rr', undefined],
      ['s', 'login', undefined],
      ['(teardown)', 'bye', undefined],
    ]);
    expect(r.entries[1]?.request.url).toBe(`${server.url}/echo?p=0&t=${JSON_DOC.token}`);
    expect(r.entries.at(-1)?.path).toEqual(['teardown', 'steps', 0]);
    expect(r.flow.map((f) => [f.kind, f.path.join('.'), f.passes, f.branch, f.count, f.text])).toEqual([
      ['if', 'scenarios.s.steps.0.repeat.steps.1', [0], null, null, 'condition false: nothing to run'],
      ['if', 'scenarios.s.steps.0.repeat.steps.1', [1], 'then', null, 'condition true: then'],
      ['repeat', 'scenarios.s.steps.0', [], null, 2, '2 passes'],
      ['roundRobinSwitch', 'scenarios.s.steps.1', [], 0, null, "branch 1 'first', in turn"],
      ['once', 'scenarios.s.steps.2', [], null, 1, 'ran: the first time this VU got here'],
    ]);
    expect(r.flow.every((f) => f.scenario === 's')).toBe(true);
    expect(server.hits()).toBe(7);
  });

  it('a failed setup stops Validate before the scenarios, saying why', async () => {
    const p = plan(`
setup:
  steps: [{ request: { name: token, url: /status/500 } }]
scenarios:
  s: { executor: constant-vus, vus: 1, duration: 1m, steps: [{ request: { url: /json } }] }`);
    const r = await traceIteration(p, { env: env() });
    expect(r.errors).toEqual([
      { scenario: '(setup)', message: "setup failed, so no scenario was run: 'token' (status 500)" },
    ]);
    expect(r.entries.map((e) => e.name)).toEqual(['token']);
    expect(server.hits()).toBe(1);
  });

  it('a while at its max is shown as such', async () => {
    const p = plan(`
scenarios:
  s:
    executor: constant-vus
    vus: 1
    duration: 1m
    steps: [{ while: { condition: "status() != 200", max: 2, steps: [{ request: { name: poll, url: /status/202 } }] } }]`);
    const r = await traceIteration(p, { env: env() });
    expect(r.flow).toEqual([
      expect.objectContaining({
        kind: 'while',
        count: 2,
        hitMax: true,
        text: '2 passes, stopped at its max (2) with the condition still true',
      }),
    ]);
    expect(r.entries.map((e) => e.passes)).toEqual([[0], [1]]);
  });

  it('reports a missing variable as a template error on its request and ends that iteration only', async () => {
    const p = plan(`
scenarios:
  a:
    executor: per-vu-iterations
    vus: 3
    steps:
      - request: { name: first, url: /json, extract: { id: { jsonPath: $.nothing } } }
      - request: { name: uses id, url: "/echo?id=\${id}" }
      - request: { name: never, url: /text }
  b:
    executor: per-vu-iterations
    steps:
      - request: { name: other, url: "/echo?vu=\${vu}" }`);
    const r = await traceIteration(p, { env: env() });
    expect(r.entries.map((e) => [e.scenario, e.name, e.error?.kind ?? null])).toEqual([
      ['a', 'first', null],
      ['a', 'uses id', 'template'],
      ['b', 'other', null],
    ]);
    expect(r.entries[1]?.response).toBeNull();
    expect(r.entries[1]?.error?.message).toContain('id');
    expect(r.errors).toEqual([{ scenario: 'a', message: expect.stringContaining("the iteration ended at 'uses id'") }]);
    // VU numbers continue across scenarios as in a run: b's first VU is 4.
    expect(r.entries[2]?.request.url).toBe(`${server.url}/echo?vu=4`);
    expect(server.hits('/text')).toBe(0);
  });

  it('runs only the chosen scenario, and refuses an unknown one', async () => {
    const p = plan(`
scenarios:
  a: { executor: per-vu-iterations, steps: [{ request: { url: /json } }] }
  b: { executor: per-vu-iterations, steps: [{ request: { url: /text } }] }`);
    const r = await traceIteration(p, { env: env(), scenario: 'b' });
    expect(r.entries.map((e) => e.scenario)).toEqual(['b']);
    await expect(traceIteration(p, { env: env(), scenario: 'zz' })).rejects.toBeInstanceOf(TraceInputError);
  });

  it('stops at the request limit and says what was not sent', async () => {
    const steps = Array.from({ length: 5 }, (_, i) => `      - request: { name: r${i}, url: /json }`).join('\n');
    const p = plan(`
scenarios:
  a:
    executor: per-vu-iterations
    steps:
${steps}
  b: { executor: per-vu-iterations, steps: [{ request: { url: /text } }] }`);
    const r = await traceIteration(p, { env: env(), maxRequests: 3 });
    expect(r.entries.map((e) => e.name)).toEqual(['r0', 'r1', 'r2']);
    expect(server.hits()).toBe(3);
    expect(r.errors).toEqual([
      { scenario: 'a', message: 'Validate sends at most 3 requests; the rest was not sent' },
      { scenario: 'b', message: 'not run: Validate sends at most 3 requests; the rest was not sent' },
    ]);
  });

  it('skips a scenario whose data file is missing, runs the others', async () => {
    const p = plan(`
data: { users: { file: nope.csv } }
scenarios:
  a: { executor: per-vu-iterations, steps: [{ request: { url: "/echo?u=\${data.users.name}" } }] }
  b: { executor: per-vu-iterations, steps: [{ request: { url: /text } }] }`);
    const r = await traceIteration(p, { env: env(), baseDir: '/nonexistent-dir' });
    expect(r.entries.map((e) => e.scenario)).toEqual(['b']);
    expect(r.errors).toEqual([
      { scenario: 'a', message: expect.stringMatching(/^not run: data\.users\.file: cannot read .*nope\.csv/) },
    ]);
  });

  it('refuses an invalid plan and a missing environment variable', async () => {
    await expect(
      traceIteration(plan('scenarios: { a: { executor: per-vu-iterations, steps: [{ request: { url: 5 } }] } }'), {
        env: env(),
      }),
    ).rejects.toBeInstanceOf(PlanError);
    const err = await traceIteration(
      plan('scenarios: { a: { executor: per-vu-iterations, steps: [{ request: { url: /json } }] } }'),
      {},
    ).catch((e: unknown) => e);
    expect((err as MissingEnvironmentError).names).toEqual(['BASE']);
  });
});
