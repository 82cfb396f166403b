/**
 * Breakpoint search against a server with a known capacity: it serves requests one at a time, 5 ms each
 * (200 per second). Above that a queue builds and latency grows without bound, so the search must find ~200/s.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { parseSla } from '../../engine/plan/sla.ts';
import { searchBreakpoint } from '../../engine/run/breakpoint.ts';

const CAPACITY = 200;
let server: Server;
let url = '';
beforeAll(async () => {
  let busyUntil = 0;
  server = createServer((_req, res) => {
    const now = performance.now();
    busyUntil = Math.max(now, busyUntil) + 1000 / CAPACITY;
    setTimeout(() => res.end('ok'), busyUntil - now);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('breakpoint search', () => {
  it('finds the capacity of a server that serves at most 200 requests per second, within 10%', async () => {
    const { plan } = parsePlan(
      `version: 1\nname: capacity\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps: [{ request: { url: "${url}/" } }]\n`,
    );
    const steps: number[] = [];
    const result = await searchBreakpoint(
      plan,
      {
        sla: [parseSla('p(95)<150'), parseSla('http_req_failed: rate<0.01')],
        startRate: 50,
        maxRate: 5000,
        stepDurationS: 2,
        cooldownS: 0.3,
        precision: 0.1,
        maxVUs: 1000,
        run: { workers: 1 },
      },
      { onStep: (s) => steps.push(s.rate) },
    );
    expect(steps.slice(0, 4)).toEqual([50, 100, 200, 400]); // doubling until the SLA breaks
    expect(result.maxRate).not.toBeNull();
    expect(result.maxRate as number).toBeGreaterThanOrEqual(CAPACITY * 0.9);
    expect(result.maxRate as number).toBeLessThanOrEqual(CAPACITY * 1.1);
    expect(result.firstFailingRate as number).toBeGreaterThan(result.maxRate as number);
    const failed = result.steps.find((s) => !s.ok);
    expect(failed?.reason).toMatch(/http_req_duration: p\(95\)<150 \(got \d+/);
  });

  it('parses SLAs like thresholds, with the metric optional', () => {
    expect(parseSla('p(95)<500')).toEqual({ metric: 'http_req_duration', expression: 'p(95)<500' });
    expect(parseSla('http_req_failed: rate<0.01')).toEqual({ metric: 'http_req_failed', expression: 'rate<0.01' });
    expect(parseSla('http_req_duration{group:::login}: p(99)<800')).toEqual({
      metric: 'http_req_duration{group:::login}',
      expression: 'p(99)<800',
    });
    expect(() => parseSla('http_req_failed: p(95)<5')).toThrow(/rate metric/);
  });
});
