/**
 * Failures are measurements: refused connections, resets, timeouts and malformed responses are counted by
 * kind with a sample message, the run goes on to its end, and the summary is produced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, unusedPort, type TargetServer } from '../fixtures/target-server.ts';
import { textSummary } from '../../engine/report/text-summary.ts';
import { runYaml } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer();
});
afterAll(async () => {
  await server.close();
});

interface PlanOptions {
  duration?: string;
  /** One line under `thresholds:`, when given. */
  threshold?: string;
}

/** A plan whose scenario `s` (2 VUs, 1s by default, a 300ms timeout) runs these steps, one YAML sequence item each. */
const plan = (steps: readonly string[], { duration = '1s', threshold }: PlanOptions = {}): string => `
version: 1
name: errors
defaults: { baseUrl: "\${env.BASE}", timeout: 300ms }
scenarios:
  s:
    executor: constant-vus
    vus: 2
    duration: ${duration}
    steps:
${steps.map((step) => `      - ${step}`).join('\n')}
${threshold ? `thresholds:\n  ${threshold}\n` : ''}`;

/** Runs `yaml` against `base`. */
const runAgainst = (base: string, yaml: string) => runYaml(yaml, { env: { BASE: base } });

/** A base URL where nothing listens. */
const nobodyHome = async (): Promise<string> => `http://127.0.0.1:${await unusedPort()}`;

/** A request, then a short pause: run against nobodyHome(), every request is refused. */
const REFUSED = ['request: { name: nobody home, url: /x }', 'think: 50ms'];

describe('transport errors', () => {
  it('counts refused connections and still completes the run with a summary', async () => {
    const { summary } = await runAgainst(await nobodyHome(), plan(REFUSED));
    expect(summary.stoppedBy).toBe('completed');
    expect(summary._total).toBeGreaterThan(10);
    expect(summary.errors).toEqual([
      expect.objectContaining({ kind: 'refused', request: 'nobody home', count: summary._total }),
    ]);
    expect(summary.errors[0]?.message).toMatch(/ECONNREFUSED/);
    expect(summary.statuses).toEqual({ 0: summary._total });
    expect(summary.metrics.http_req_failed).toMatchObject({ rate: 1 });
    expect(textSummary(summary)).toMatch(/ERRORS[\s\S]*refused/);
  });

  it('counts resets, timeouts and malformed responses next to successes', async () => {
    const { summary } = await runAgainst(
      server.url,
      plan([
        'request: { name: ok, url: /json }',
        'request: { name: reset, url: /reset }',
        'request: { name: hang, url: /hang }',
        'request: { name: garbage, url: /malformed }',
      ]),
    );
    const kinds = Object.fromEntries(summary.errors.map((e) => [e.kind, e]));
    const ok = summary.requests.find((r) => r.name === 'ok');
    expect(ok?.count).toBeGreaterThan(0);
    expect(ok?.failed).toBe(0);
    expect(kinds.reset).toMatchObject({ request: 'reset' });
    expect(kinds.timeout).toMatchObject({ request: 'hang' });
    expect(kinds.malformed).toMatchObject({ request: 'garbage' });
    // Every non-ok request of a completed iteration failed, and each is in the error set under its kind.
    const failed = summary.requests.filter((r) => r.name !== 'ok').reduce((n, r) => n + r.failed, 0);
    expect(summary.errors.reduce((n, e) => n + e.count, 0)).toBe(failed);
    // A timeout is measured near the plan's timeout (300ms), not left hanging.
    const hang = summary.requests.find((r) => r.name === 'hang');
    expect(hang?.duration.max).toBeGreaterThanOrEqual(280);
    expect(hang?.duration.max).toBeLessThan(1500);
    expect(summary.durationMs).toBeLessThan(5000);
  });

  it('fails thresholds on error rates without stopping the run, unless abortOnFail says so', async () => {
    const bad = await nobodyHome();
    const kept = await runAgainst(bad, plan(REFUSED, { threshold: 'http_req_failed: ["rate<0.01"]' }));
    expect(kept.summary).toMatchObject({ status: 'failed', stoppedBy: 'completed' });
    expect(kept.summary.thresholds[0]).toMatchObject({ ok: false, value: 1 });

    const aborted = await runAgainst(
      bad,
      plan(REFUSED, { threshold: 'http_req_failed: [{ threshold: "rate<0.01", abortOnFail: true }]', duration: '20s' }),
    );
    expect(aborted.summary).toMatchObject({ status: 'failed', stoppedBy: 'threshold' });
    expect(aborted.summary.durationMs).toBeLessThan(4000);
    expect(aborted.summary.notes.join(' ')).toMatch(/abortOnFail/);
  });
});
