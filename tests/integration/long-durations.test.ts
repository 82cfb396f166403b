/**
 * Plan durations past Node's longest timer (2^31-1 ms, about 596.5 h) against a real server: before, each one
 * fired after 1 ms, so a 600 h soak test ended at once with 0 requests and passed. Counts, not wall-clock bounds,
 * decide each test; the runs are stopped by the test after about a second and a half.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Summary } from '../../engine/metrics/summary.ts';
import { parsePlan } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import type { RunHandle } from '../../engine/runtime/run-handle.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

const plan = (scenarios: string): string => `version: 1
name: soak
defaults: { baseUrl: "${'${env.BASE}'}" }
scenarios:
${scenarios}`;

function start(yaml: string): RunHandle {
  const parsed = parsePlan(yaml, 'soak.yaml');
  return runPlan(parsed.plan, { source: parsed.source, file: 'soak.yaml', env: { BASE: server.url }, workers: 1 });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves with the summary when the run ends within `ms`, else with undefined (the run goes on). */
function endsWithin(run: RunHandle, ms: number): Promise<Summary | undefined> {
  return Promise.race([run.done, sleep(ms).then(() => undefined)]);
}

/** Waits until the run has started sending (the server saw a request): at most 20 s on a loaded machine. */
async function firstRequest(run: RunHandle, path?: string): Promise<void> {
  let ended: Summary | undefined;
  void run.done.then((s) => {
    ended = s;
  });
  for (let i = 0; i < 400 && server.hits(path) === 0 && !ended; i++) await sleep(50);
  expect(ended?.stoppedBy, 'the run ended before sending').toBeUndefined();
  expect(server.hits(path)).toBeGreaterThan(0);
}

describe('durations past 596.5 h', () => {
  it('a 600 h constant-vus scenario is still sending after its first second, until stopped', async () => {
    const run = start(
      plan(`  soak:
    executor: constant-vus
    vus: 1
    duration: 600h
    steps: [{ request: { url: /json } }, { think: 20ms }]`),
    );
    await firstRequest(run);
    expect(await endsWithin(run, 1200)).toBeUndefined();
    const before = server.hits();
    await sleep(300);
    expect(server.hits()).toBeGreaterThan(before);
    run.stop();
    const summary = await run.done;
    expect(summary.stoppedBy).toBe('stopped');
    expect(summary._total).toBeGreaterThan(before);
  });

  it('a 600 h think pauses the VU: one request in a second and a half, not one per millisecond', async () => {
    const run = start(
      plan(`  soak:
    executor: constant-vus
    vus: 2
    duration: 700h
    gracefulStop: 0s
    steps: [{ request: { url: /json } }, { think: 600h }, { request: { url: /after-think } }]`),
    );
    await firstRequest(run);
    await sleep(1500);
    run.stop();
    await run.done;
    expect(server.hits('/json')).toBe(2);
    expect(server.hits('/after-think')).toBe(0);
  });

  it('a 600 h startTime delays its scenario while another one runs', async () => {
    const run = start(
      plan(`  now:
    executor: constant-vus
    vus: 1
    duration: 700h
    steps: [{ request: { url: /json } }, { think: 50ms }]
  later:
    executor: constant-vus
    vus: 1
    duration: 1s
    startTime: 600h
    steps: [{ request: { url: /later } }]`),
    );
    await firstRequest(run, '/json');
    await sleep(1500);
    run.stop();
    await run.done;
    expect(server.hits('/json')).toBeGreaterThan(1);
    expect(server.hits('/later')).toBe(0);
  });

  it('a 600 h gracefulStop lets a running iteration finish instead of interrupting it after 1 ms', async () => {
    const run = start(
      plan(`  soak:
    executor: constant-vus
    vus: 1
    duration: 700h
    gracefulStop: 600h
    steps: [{ request: { url: /json } }, { request: { url: /delay?ms=1200 } }, { request: { url: /finished } }]`),
    );
    await firstRequest(run, '/json');
    run.stop();
    const summary = await run.done;
    expect(server.hits('/finished')).toBe(1);
    expect(summary.scenarios[0]).toMatchObject({ interrupted: 0 });
  });

  it('a 700 h request timeout lets a slow response arrive (it does not time out after 1 ms)', async () => {
    const run = start(
      plan(`  soak:
    executor: per-vu-iterations
    vus: 2
    iterations: 2
    steps: [{ request: { url: "/delay?ms=300", timeout: 700h } }]`).replace(
        'defaults: {',
        'defaults: { timeout: 700h,',
      ),
    );
    const summary = await run.done;
    expect(summary.stoppedBy).toBe('completed');
    expect(summary.statuses).toEqual({ 200: 4 });
    expect(summary.errors).toEqual([]);
  });

  it('an arrival rate of one per 700 h starts one iteration and waits for the next, without ending the run', async () => {
    const run = start(
      plan(`  trickle:
    executor: constant-arrival-rate
    rate: 1
    timeUnit: 700h
    duration: 710h
    preAllocatedVUs: 1
    steps: [{ request: { url: /json } }]`),
    );
    await firstRequest(run);
    expect(await endsWithin(run, 1500)).toBeUndefined();
    run.stop();
    await run.done;
    expect(server.hits()).toBe(1);
  });
});
