/**
 * The open model (arrival-rate executors) against real servers: exact iteration counts, drops when VUs run out,
 * the ramping shape seen by the server, and honest latency when the target stalls (no coordinated omission).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => { server = await startTargetServer({ record: true }); });
afterAll(async () => { await server.close(); });
beforeEach(() => server.resetStats());

const plan = (scenario: string, thresholds = ''): string => `
version: 1
name: open model
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
${scenario}
${thresholds}`;

describe('constant-arrival-rate', () => {
  it('starts rate x duration iterations, split over two workers', async () => {
    const { summary, ticks } = await runYaml(plan('    executor: constant-arrival-rate\n    rate: 100\n    duration: 2s\n    preAllocatedVUs: 10\n    maxVUs: 200\n    steps: [{ request: { url: /json } }]'), { env: { BASE: server.url }, workers: 2 });
    expect(summary.scenarios[0]).toMatchObject({ iterations: 200, dropped: 0, arrival: { scheduled: 200, started: 200 } });
    expect(server.hits('/json')).toBe(200);
    expect(summary.scenarios[0]?.arrival?.targetRate).toBeCloseTo(100, 0);
    expect(summary.scenarios[0]?.arrival?.achievedRate).toBeCloseTo(100, 0);
    expect(ticks.reduce((n, t) => n + t.scheduled, 0)).toBe(200);
    expect(summary.metrics.iteration_lag?.type).toBe('trend');
  });

  it('counts the rate in its timeUnit', async () => {
    const { summary } = await runYaml(plan('    executor: constant-arrival-rate\n    rate: 1200\n    timeUnit: 1m\n    duration: 1s\n    preAllocatedVUs: 5\n    steps: [{ request: { url: /json } }]'), { env: { BASE: server.url } });
    expect(summary.scenarios[0]?.iterations).toBe(20);
  });

  it('drops the iterations no VU is free for, instead of delaying them', async () => {
    // 20/s for 2s against a 500 ms endpoint with 2 VUs: each VU can start 2 per second, so 8 of 40 start.
    const { summary } = await runYaml(plan('    executor: constant-arrival-rate\n    rate: 20\n    duration: 2s\n    preAllocatedVUs: 1\n    maxVUs: 2\n    gracefulStop: 2s\n    steps: [{ request: { url: "/delay?ms=500" } }]'), { env: { BASE: server.url }, workers: 1 });
    const sc = summary.scenarios[0];
    expect(sc?.arrival?.scheduled).toBe(40);
    expect((sc?.arrival?.started ?? 0) + (sc?.dropped ?? 0)).toBe(40);
    expect(sc?.dropped).toBeGreaterThanOrEqual(28);
    expect(sc?.dropped).toBeLessThanOrEqual(33);
    expect(summary.metrics.dropped_iterations).toMatchObject({ count: sc?.dropped });
    // The ones that started were not late: they started on a free VU at their time.
    expect(summary.metrics.iteration_lag?.type === 'trend' && summary.metrics.iteration_lag.p95).toBeLessThan(1000); // waiting for a VU would queue them for seconds
  });
});

describe('ramping-arrival-rate', () => {
  it('follows its stages: the server sees the rate ramp up, then hold', async () => {
    // 0 -> 50/s over 2s (12.5 then 37.5 iterations per second), then 50/s for 1s.
    const { summary } = await runYaml(plan('    executor: ramping-arrival-rate\n    startRate: 0\n    preAllocatedVUs: 5\n    maxVUs: 20\n    stages: [{ duration: 2s, target: 50 }, { duration: 1s, target: 50 }]\n    steps: [{ request: { url: /json } }]'), { env: { BASE: server.url }, workers: 2 });
    expect(summary.scenarios[0]?.arrival?.scheduled).toBe(99); // 100 by area; the 100th would start exactly at the end
    // Seconds of the scenario (not of the first request: at rate 0 the first iteration is due only at ~283 ms).
    const t0 = Date.parse(summary.startedAt);
    const perSecond = [0, 0, 0];
    for (const r of server.requests) {
      const s = Math.floor((r.at - t0) / 1000);
      if (s < 3) perSecond[s] = (perSecond[s] ?? 0) + 1;
    }
    expect(perSecond[0]).toBeGreaterThanOrEqual(9);
    expect(perSecond[0]).toBeLessThanOrEqual(16);
    expect(perSecond[1]).toBeGreaterThanOrEqual(33);
    expect(perSecond[1]).toBeLessThanOrEqual(42);
    expect(perSecond[2]).toBeGreaterThanOrEqual(45);
  });
});

describe('a target that stalls', () => {
  let stall: Server;
  let url = '';
  let held = 0;
  beforeAll(async () => {
    // Requests arriving between 1.0 s and 2.0 s after the first one are all answered at 2.0 s.
    let first = 0;
    stall = createServer((_req, res) => {
      const now = Date.now();
      if (first === 0) first = now;
      const from = first + 1000;
      const until = first + 2000;
      if (now >= from && now < until) { held++; setTimeout(() => res.end('ok'), until - now); } else res.end('ok');
    });
    await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
  });
  afterAll(async () => { stall.closeAllConnections(); await new Promise((r) => stall.close(r)); });

  it('shows the stall in the percentiles: the open model keeps sending and measures every slow request', async () => {
    const { summary } = await runYaml(plan(
      '    executor: constant-arrival-rate\n    rate: 1000\n    duration: 3s\n    preAllocatedVUs: 200\n    maxVUs: 2000\n    steps: [{ request: { url: /x } }]',
      'thresholds:\n  http_req_duration: ["p(99.9)>=900", "p(90)>=400"]',
    ), { env: { BASE: url }, workers: 2 });
    expect(summary.scenarios[0]?.dropped).toBe(0);
    expect(summary._total).toBeGreaterThanOrEqual(2990);
    // About a thousand requests were caught in the stall, and each was measured as slow.
    expect(held).toBeGreaterThan(850);
    expect(held).toBeLessThan(1150);
    expect(summary.thresholds.map((t) => t.ok)).toEqual([true, true]);
    // Bounded by the stall itself plus generator delay (loaded CI machines add some).
    expect(summary.thresholds[0]?.value).toBeLessThan(3000);
  });
});
