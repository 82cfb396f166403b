/**
 * A plan with many request names (a large recording's shape) against a real server: every name keeps exact totals,
 * the per-second timeline charts the first 50 names only (and says so), and a threshold on a phase filtered by a
 * request name still reads that request's values through the workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer();
});
afterAll(async () => {
  await server.close();
});

const NAMES = 120;

describe('a plan with 120 request names', () => {
  it('keeps every name exact while the timeline charts 50 of them', async () => {
    const steps = Array.from(
      { length: NAMES },
      (_, i) => `      - request: { name: "step ${i}", url: "/json?n=${i}" }`,
    ).join('\n');
    const { summary, ticks } = await runYaml(
      `
version: 1
name: many names
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
${steps}
thresholds:
  "http_req_waiting{request:step 7}": ["p(99)<60000"]
  "http_req_waiting{status:500}": ["p(99)<60000"]
`,
      { env: { BASE: server.url }, workers: 2 },
    );
    expect(summary._total).toBe(NAMES * 6);
    expect(server.hits('/json')).toBe(NAMES * 6);
    expect(summary.requests).toHaveLength(NAMES);
    for (const r of summary.requests) expect(r.count, r.name).toBe(6);

    const charted = new Set(summary.timeline.flatMap((p) => Object.keys(p.requests)));
    expect(charted.size).toBe(50);
    for (const p of [...summary.timeline, ...ticks]) expect(Object.keys(p.requests).length).toBeLessThanOrEqual(50);
    expect(summary.timeline.reduce((n, p) => n + p.reqs, 0)).toBe(summary._total);
    expect(summary.notes).toContain(
      'per-second points cover 50 of the 120 request names (the first to run); the request table has all of them',
    );

    // The workers kept http_req_waiting for each series, so the filtered threshold has data; no request answered 500.
    expect(summary.thresholds.map((t) => [t.ok, t.value === null])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(summary.thresholds[0]?.value).toBeGreaterThan(0);
  });
});
