/** The generator watches itself: a saturated worker shows in the ticks, the summary and a note. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textSummary } from '../../engine/report/text-summary.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer();
});
afterAll(async () => {
  await server.close();
});

describe('generator self-monitoring', () => {
  it('reports a worker that is busy all the time, and says the numbers may be limited by it', async () => {
    const { summary, ticks } = await runYaml(
      `
version: 1
name: saturate
scenarios:
  s:
    executor: constant-vus
    vus: 20
    # The note needs two busy seconds: five give a worker slowed by a busy machine (the full suite) time for them.
    duration: 5s
    # CPU-bound in the worker: a regex over every 2 MB body.
    steps: [{ request: { url: "${server.url}/bytes?n=2000000", checks: [{ body: { matches: "zzz$" } }] } }]
`,
      { workers: 1 },
    );
    expect(ticks.some((t) => t.generator.elu > 0.9)).toBe(true);
    expect(summary.generator.eluMax).toBeGreaterThan(0.9);
    expect(summary.generator.cpuMax).toBeGreaterThan(0);
    expect(summary.notes.join(' ')).toMatch(/load generator was saturated/);
    expect(textSummary(summary)).toMatch(/generator\.+: 1 worker on \d+ cores/);
  });

  it('stays quiet for a light load', async () => {
    const { summary } = await runYaml(
      `
version: 1
name: light
scenarios:
  s:
    executor: constant-vus
    vus: 1
    duration: 2s
    steps: [{ request: { url: "${server.url}/json" } }, { think: 100ms }]
`,
      { workers: 1 },
    );
    expect(summary.generator.eluMax).toBeLessThan(0.5);
    expect(summary.notes.join(' ')).not.toMatch(/saturated/);
  });
});
