/**
 * Executors against a real server: schedules observed from the server's side (which VU sent what, when),
 * exact iteration counts for the iteration executors, split across two worker threads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { byVu, runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

const plan = (scenario: string): string => `
version: 1
name: executor test
defaults: { baseUrl: "${'${env.BASE}'}", headers: { X-VU: "\${vu}", X-Iter: "\${iter}" } }
scenarios:
${scenario}`;

describe('per-vu-iterations', () => {
  it('runs exactly vus x iterations, each VU its own share, across two workers', async () => {
    const { summary } = await runYaml(
      plan(`
  each:
    executor: per-vu-iterations
    vus: 3
    iterations: 4
    steps:
      - request: { url: /json }
      - request: { url: /echo }
`),
      { env: { BASE: server.url }, workers: 2 },
    );
    expect(server.hits()).toBe(24);
    expect(summary.metrics.iterations).toMatchObject({ count: 12 });
    expect(summary._total).toBe(24);
    const perVu = byVu(server.requests);
    expect([...perVu.keys()].sort()).toEqual(['1', '2', '3']);
    for (const reqs of perVu.values()) {
      expect(reqs).toHaveLength(8);
      expect(reqs.map((r) => r.headers['x-iter'])).toEqual(['0', '0', '1', '1', '2', '2', '3', '3']);
    }
    expect(summary.generator.workers).toBe(2);
  });
});

describe('shared-iterations', () => {
  it('runs exactly the total, shared by VUs on two workers', async () => {
    const { summary } = await runYaml(
      plan(`
  shared:
    executor: shared-iterations
    vus: 4
    iterations: 25
    steps: [{ request: { url: /json } }]
`),
      { env: { BASE: server.url }, workers: 2 },
    );
    expect(server.hits('/json')).toBe(25);
    expect(summary.metrics.iterations).toMatchObject({ count: 25 });
    expect(summary.scenarios[0]).toMatchObject({ name: 'shared', iterations: 25, interrupted: 0 });
    expect(byVu(server.requests).size).toBeGreaterThan(1);
  });
});

describe('constant-vus', () => {
  it('keeps the VUs busy for the duration and reports them per second', async () => {
    const { summary, ticks } = await runYaml(
      plan(`
  steady:
    executor: constant-vus
    vus: 3
    duration: 2s
    steps:
      - request: { url: /json }
      - think: 50ms
`),
      { env: { BASE: server.url }, workers: 2 },
    );
    expect(summary.durationMs).toBeGreaterThanOrEqual(1900);
    expect(summary.durationMs).toBeLessThan(3000);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks[0]?.vus).toBe(3);
    expect(ticks[1]?.vus).toBe(3);
    expect(summary.metrics.vus).toMatchObject({ max: 3 });
    expect(byVu(server.requests).size).toBe(3);
    expect(summary._total).toBe(server.hits());
    // 3 VUs x ~2s / ~(50ms think + request): far more than a handful, far fewer than without think time.
    expect(summary._total).toBeGreaterThan(30);
    expect(summary._total).toBeLessThan(150);
  });
});

describe('ramping-vus', () => {
  it('starts VUs at k6 step times and retires them on the ramp-down', async () => {
    // startVUs 1; 1 -> 4 over 1.5s (a VU every 0.5s); hold 1s; 4 -> 0 over 1s (one fewer every 0.25s).
    const { summary } = await runYaml(
      plan(`
  ramp:
    executor: ramping-vus
    startVUs: 1
    stages:
      - { duration: 1500ms, target: 4 }
      - { duration: 1s, target: 4 }
      - { duration: 1s, target: 0 }
    gracefulRampDown: 0s
    steps:
      - request: { url: /json }
      - think: 20ms
`),
      { env: { BASE: server.url }, workers: 2 },
    );
    const perVu = byVu(server.requests);
    expect([...perVu.keys()].sort()).toEqual(['1', '2', '3', '4']);
    const first = (vu: string): number => (perVu.get(vu) as { at: number }[])[0]!.at;
    const last = (vu: string): number => (perVu.get(vu) as { at: number }[]).at(-1)!.at;
    const t0 = first('1');
    const tolerance = 200;
    for (const [vu, at] of [
      ['2', 500],
      ['3', 1000],
      ['4', 1500],
    ] as const) {
      expect(Math.abs(first(vu) - t0 - at)).toBeLessThan(tolerance);
    }
    // Ramp-down starts at 2.5s: VU 4 leaves at 2.75s, VU 3 at 3.0s, VU 2 at 3.25s, VU 1 at 3.5s (the end).
    for (const [vu, at] of [
      ['4', 2750],
      ['3', 3000],
      ['2', 3250],
      ['1', 3500],
    ] as const) {
      expect(last(vu) - t0).toBeLessThan(at + tolerance);
      expect(last(vu) - t0).toBeGreaterThan(at - 300);
    }
    expect(summary.metrics.vus).toMatchObject({ max: 4 });
    expect(summary.durationMs).toBeLessThan(4500);
  });
});

describe('startTime and gracefulStop', () => {
  it('delays a scenario by its startTime', async () => {
    await runYaml(
      plan(`
  first:
    executor: per-vu-iterations
    steps: [{ request: { url: /json } }]
  later:
    executor: per-vu-iterations
    startTime: 800ms
    steps: [{ request: { url: /echo } }]
`),
      { env: { BASE: server.url } },
    );
    const json = server.requests.find((r) => r.path === '/json')!;
    const echo = server.requests.find((r) => r.path === '/echo')!;
    expect(echo.at - json.at).toBeGreaterThanOrEqual(700);
    expect(echo.at - json.at).toBeLessThan(1300);
  });

  it('interrupts an iteration that outlives gracefulStop and counts it apart', async () => {
    const { summary } = await runYaml(
      plan(`
  slow:
    executor: constant-vus
    vus: 1
    duration: 500ms
    gracefulStop: 200ms
    steps: [{ request: { url: /delay, query: { ms: 2000 } } }]
`),
      { env: { BASE: server.url } },
    );
    expect(summary.scenarios[0]).toMatchObject({ iterations: 0, interrupted: 1 });
    expect(summary.durationMs).toBeLessThan(1200);
    expect(summary._total).toBe(0); // an interrupted request is not a measurement
    expect(summary.notes.join(' ')).toMatch(/1 iteration was interrupted/);
  });

  it('lets an iteration finish within gracefulStop', async () => {
    const { summary } = await runYaml(
      plan(`
  slow:
    executor: constant-vus
    vus: 1
    duration: 300ms
    gracefulStop: 3s
    steps: [{ request: { url: /delay, query: { ms: 700 } } }]
`),
      { env: { BASE: server.url } },
    );
    expect(summary.scenarios[0]).toMatchObject({ iterations: 1, interrupted: 0 });
    expect(summary.durationMs).toBeGreaterThanOrEqual(650);
    expect(summary.durationMs).toBeLessThan(1500);
  });
});
