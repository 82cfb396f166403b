/**
 * Flow control against a real server that counts what it receives: pagination, polling, once-per-VU login, weighted
 * choice, setup and teardown across two workers, failure policies, bounded loops, interrupts inside loops.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { JOB_POLLS, PAGES, startFlowTarget, type FlowTarget } from '../fixtures/flow-target.ts';
import { runYaml } from './run-helper.ts';

let server: FlowTarget;
beforeAll(async () => {
  server = await startFlowTarget();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const plan = (body: string): string => `
version: 1
name: flow
defaults: { baseUrl: "\${env.BASE}", headers: { X-VU: "\${vu}" } }
${body}`;
const env = (): Record<string, string> => ({ BASE: server.url });
const errorsOf = (s: { errors: { kind: string; count: number }[] }, kind: string): number =>
  s.errors.filter((e) => e.kind === kind).reduce((n, e) => n + e.count, 0);

describe('loops', () => {
  it('paginates until an empty page: every page once per iteration, the empty one included', async () => {
    const { summary } = await runYaml(
      plan(`
scenarios:
  pages:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
      - doWhile:
          condition: len(items) > 0
          max: 50
          counter: page
          steps:
            - request: { name: page, url: /items, query: { page: "\${page}" }, extract: { items: { jsonPath: "$.items" } } }
`),
      { env: env(), workers: 2 },
    );
    expect(server.hits('/items')).toBe(2 * 3 * (PAGES + 1));
    expect(summary.metrics.iterations).toMatchObject({ count: 6 });
    expect(errorsOf(summary, 'loop-max')).toBe(0);
  });

  it('polls a job until it is done, and stops polling then', async () => {
    const { summary } = await runYaml(
      plan(`
scenarios:
  jobs:
    executor: per-vu-iterations
    vus: 2
    iterations: 2
    steps:
      - request: { name: start, method: POST, url: /jobs, extract: { job: { jsonPath: "$.id" } } }
      - doWhile:
          condition: status() == 202
          max: 20
          steps:
            - request: { name: poll, url: "/jobs/\${job}", checks: [{ status: [200, 202] }] }
            - think: 20ms
      - request: { name: after, url: /after }
`),
      { env: env() },
    );
    expect(server.hits('/jobs')).toBe(4);
    expect(server.hits('/jobs/:id')).toBe(4 * JOB_POLLS);
    expect(server.hits('/after')).toBe(4);
    expect(summary.checks[0]).toMatchObject({ passes: 4 * JOB_POLLS, fails: 0 });
  });

  it('a while that hits its max is counted as loop-max and reported, and the steps after it run', async () => {
    const { summary } = await runYaml(
      plan(`
scenarios:
  bounded:
    executor: per-vu-iterations
    vus: 1
    iterations: 3
    steps:
      - while: { condition: "status('poll') != 200", max: 4, steps: [{ request: { name: poll, url: /fail } }] }
      - request: { url: /after }
`),
      { env: env() },
    );
    expect(server.hits('/fail')).toBe(12);
    expect(server.hits('/after')).toBe(3);
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ kind: 'loop-max', scenario: 'bounded', request: 'while at steps[0]', count: 3 }),
    );
  });
});

describe('branches', () => {
  it('once: each VU logs in once, on every worker, and keeps its own token for all its iterations', async () => {
    await runYaml(
      plan(`
scenarios:
  users:
    executor: per-vu-iterations
    vus: 4
    iterations: 5
    steps:
      - once:
          steps:
            - request: { name: login, method: POST, url: /login, extract: { token: { jsonPath: "$.token" } } }
      - request: { name: use, url: /use, headers: { Authorization: "Bearer \${token}" } }
`),
      { env: env(), workers: 2 },
    );
    expect(server.hits('/login')).toBe(4);
    expect([...server.byVu('/login').values()]).toEqual([1, 1, 1, 1]);
    // Four tokens, each used by its VU in all five iterations.
    expect([...server.authorizations().values()]).toEqual([5, 5, 5, 5]);
    expect(server.hits('/use')).toBe(20);
  });

  it('randomSwitch sends each branch its share of 3,000 iterations, within statistical bounds', async () => {
    const { summary } = await runYaml(
      plan(`
scenarios:
  mix:
    executor: shared-iterations
    vus: 10
    iterations: 3000
    steps:
      - randomSwitch:
          - { weight: 70, name: browse, steps: [{ request: { url: /browse } }] }
          - { weight: 30, name: buy, steps: [{ request: { url: /buy } }] }
`),
      { env: env(), workers: 2 },
    );
    const browse = server.hits('/browse');
    expect(browse + server.hits('/buy')).toBe(3000);
    // Binomial(3000, 0.7): sd 25; 6 sd either side.
    expect(Math.abs(browse - 2100)).toBeLessThan(150);
    expect(summary.metrics.iterations).toMatchObject({ count: 3000 });
  });
});

describe('setup and teardown', () => {
  it('setup runs once for two workers; its token reaches every VU; teardown sees it at the end', async () => {
    const { summary } = await runYaml(
      plan(`
setup:
  steps:
    - request: { name: get token, method: POST, url: /setup, extract: { token: { jsonPath: "$.token" } } }
teardown:
  steps:
    - request: { name: clean up, url: /use, headers: { Authorization: "Bearer \${token}", X-Phase: teardown } }
scenarios:
  users:
    executor: per-vu-iterations
    vus: 4
    iterations: 3
    steps:
      - request: { name: use, url: /use, headers: { Authorization: "Bearer \${token}" } }
`),
      { env: env(), workers: 2 },
    );
    expect(server.hits('/setup')).toBe(1);
    expect(server.setupTokens).toHaveLength(1);
    const token = `Bearer ${server.setupTokens[0]}`;
    // 4 VUs x 3 iterations, then teardown's request: all with setup's token.
    expect([...server.authorizations()]).toEqual([[token, 13]]);
    expect([...server.byVu('/use').keys()].sort()).toEqual(['0', '1', '2', '3', '4']);
    expect(summary.stoppedBy).toBe('completed');
    expect(summary.requests.map((r) => r.scenario).sort()).toEqual(['(setup)', '(teardown)', 'users']);
  });

  it('a failed setup aborts the run before any scenario, with the reason; teardown does not run', async () => {
    const { summary } = await runYaml(
      plan(`
setup:
  steps:
    - request: { name: get token, url: /fail, extract: { token: { jsonPath: "$.token" } } }
    - request: { name: never, url: /never }
teardown:
  steps: [{ request: { url: /teardown } }]
scenarios:
  users:
    executor: per-vu-iterations
    vus: 2
    steps: [{ request: { url: "/use?t=\${token}" } }]
`),
      { env: env(), workers: 2 },
    );
    expect(server.hits()).toBe(1);
    expect(summary.stoppedBy).toBe('setup');
    expect(summary.notes).toContain("setup failed, so no scenario was started: 'get token': status 500");
  });

  it('a stop during setup ends it at once: no scenario starts, teardown does not run', async () => {
    const parsed = parsePlan(
      plan(`
setup:
  steps: [{ request: { name: slow, url: /slow, query: { ms: 20000 } } }]
teardown:
  steps: [{ request: { url: /teardown } }]
scenarios:
  s: { executor: per-vu-iterations, vus: 2, steps: [{ request: { url: /work } }] }
`),
      'flow.yaml',
    );
    const run = runPlan(parsed.plan, { env: env(), workers: 1 });
    const t = performance.now();
    setTimeout(() => run.stop(), 300);
    const summary = await run.done;
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(summary.stoppedBy).toBe('stopped');
    expect(server.hits('/slow')).toBe(1);
    expect(server.hits('/work') + server.hits('/teardown')).toBe(0);
    expect(summary.notes).toContain('stopped during setup: no scenario was started');
  });

  it('teardown runs after a run stopped early, and its failures are reported', async () => {
    const parsed = parsePlan(
      plan(`
teardown:
  steps:
    - request: { name: delete, url: /fail }
    - request: { name: after, url: /teardown-after }
scenarios:
  long:
    executor: constant-vus
    vus: 2
    duration: 30s
    gracefulStop: 1s
    steps: [{ request: { url: /work } }, { think: 50ms }]
`),
      'flow.yaml',
    );
    const run = runPlan(parsed.plan, { env: env(), workers: 1 });
    run.on('tick', () => run.stop());
    const summary = await run.done;
    expect(summary.stoppedBy).toBe('stopped');
    expect(summary.durationMs).toBeLessThan(10_000);
    expect(server.hits('/fail')).toBe(1);
    expect(server.hits('/teardown-after')).toBe(1);
    expect(summary.notes).toContain("teardown: 1 failure: 'delete': status 500");
  });
});

describe('failure policies', () => {
  it('endIteration ends each iteration at the failed request; stopVU stops that VU for good', async () => {
    const { summary } = await runYaml(
      plan(`
scenarios:
  ending:
    executor: per-vu-iterations
    vus: 2
    iterations: 4
    steps:
      - request: { name: fails, url: /fail, onFailure: endIteration }
      - request: { url: /never }
  stopping:
    executor: per-vu-iterations
    vus: 3
    iterations: 4
    steps:
      - request: { name: maybe, url: /fail-if, query: { vu: "\${vu}", bad: 4 }, onFailure: stopVU }
      - request: { url: /reached }
`),
      { env: env(), workers: 2 },
    );
    expect(server.hits('/fail')).toBe(8);
    expect(server.hits('/never')).toBe(0);
    // VUs 3..5 run 'stopping' (VU numbers continue across scenarios); VU 4 stops after its first iteration.
    expect(server.byVu('/fail-if')).toEqual(
      new Map([
        ['3', 4],
        ['4', 1],
        ['5', 4],
      ]),
    );
    expect(server.hits('/reached')).toBe(8);
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ kind: 'iteration-ended', scenario: 'ending', request: 'fails', count: 8 }),
    );
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ kind: 'vu-stopped', scenario: 'stopping', request: 'maybe', count: 1 }),
    );
    expect(summary.scenarios.find((s) => s.name === 'ending')?.iterations).toBe(8);
    expect(summary.scenarios.find((s) => s.name === 'stopping')?.iterations).toBe(9);
  });
});

describe('interrupts inside loops', () => {
  it('the end of gracefulStop ends a long loop promptly; the iteration counts as interrupted', async () => {
    const t = performance.now();
    const { summary } = await runYaml(
      plan(`
scenarios:
  polling:
    executor: constant-vus
    vus: 2
    duration: 1s
    gracefulStop: 0s
    steps:
      - while: { condition: "true", max: 100000, steps: [{ request: { url: /poll } }, { think: 100ms }] }
`),
      { env: env() },
    );
    expect(performance.now() - t).toBeLessThan(8000);
    expect(summary.scenarios[0]).toMatchObject({ iterations: 0, interrupted: 2 });
    const polls = server.hits('/poll');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.hits('/poll')).toBe(polls);
  });

  it('abortOnFail ends a loop that keeps failing, promptly', async () => {
    const t = performance.now();
    const { summary } = await runYaml(
      plan(`
scenarios:
  failing:
    executor: constant-vus
    vus: 2
    duration: 30s
    steps:
      - while: { condition: "true", max: 100000, steps: [{ request: { url: /fail } }, { think: 50ms }] }
thresholds:
  http_req_failed: [{ threshold: "rate<0.5", abortOnFail: true }]
`),
      { env: env() },
    );
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(summary.stoppedBy).toBe('threshold');
    expect(summary.scenarios[0]).toMatchObject({ iterations: 0, interrupted: 2 });
    expect(summary.notes.join('\n')).not.toContain('did not stop in time');
  });

  it('a hard stop ends loops that never wait', async () => {
    const parsed = parsePlan(
      plan(`
scenarios:
  spin:
    executor: constant-vus
    vus: 1
    duration: 30s
    steps:
      - request: { url: /start }
      # 10^12 passes that send nothing: only yielding between passes lets the abort in.
      - while:
          condition: "true"
          max: 1000000
          steps: [{ repeat: { times: 1000000, counter: j, steps: [{ if: { condition: "false", then: [{ request: { url: /never } }] } }] } }]
`),
      'flow.yaml',
    );
    const run = runPlan(parsed.plan, { env: env(), workers: 1 });
    run.on('tick', () => run.abort());
    const t = performance.now();
    const summary = await run.done;
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(summary.stoppedBy).toBe('aborted');
    expect(summary.notes.join('\n')).not.toContain('did not stop in time');
  });
});
