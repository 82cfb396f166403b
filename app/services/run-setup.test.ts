/**
 * A plan with setup started from the app: the run is recorded as soon as setup starts (so it can be stopped), and a
 * failed setup ends it as a failed run with the reason, not as a run that "ended before it started".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let target: TargetServer;
beforeEach(async () => {
  t = await openTestServices('run-setup');
  target = await startTargetServer({ record: true });
});
afterEach(async () => {
  await target.close();
  await t.close();
});

const plan = (setupUrl: string) => ({
  version: 1,
  name: 'with setup',
  defaults: { baseUrl: target.url },
  setup: { steps: [{ request: { name: 'get token', url: setupUrl, extract: { token: { jsonPath: '$.token' } } } }] },
  scenarios: { s: { executor: 'per-vu-iterations', steps: [{ request: { url: '/echo?t=${token}' } }] } },
});

/** Resolves when the run ends; subscribed before the run starts, since a failing setup ends it at once. */
const doneOf = (): { ended: Promise<string> } => {
  let stop = (): void => undefined;
  const ended = new Promise<string>((resolve) => {
    stop = t.services.events.subscribe((event, payload) => {
      if (event === 'run.done') {
        stop();
        resolve((payload as { runId: string }).runId);
      }
    });
  });
  return { ended };
};

describe('runs.start with setup', () => {
  it('records a failed setup as a failed run with the reason', async () => {
    const p = await t.call('plans.create', { name: 'setup fails' });
    await t.call('plans.save', { id: p.id, document: plan('/status/503') });
    const { ended } = doneOf();
    const run = await t.call('runs.start', { planId: p.id });
    expect(await ended).toBe(run.id);
    const detail = await t.call('runs.get', { id: run.id });
    expect(detail.status).toBe('failed');
    expect(detail.error).toBe("setup failed, so no scenario was started: 'get token': status 503");
    expect(detail.summary?.stoppedBy).toBe('setup');
    expect(target.hits('/echo')).toBe(0);
  });

  it("passes setup's token to the scenario", async () => {
    const p = await t.call('plans.create', { name: 'setup works' });
    await t.call('plans.save', { id: p.id, document: plan('/json') });
    const { ended } = doneOf();
    const run = await t.call('runs.start', { planId: p.id });
    await ended;
    expect((await t.call('runs.get', { id: run.id })).status).toBe('passed');
    expect(target.requests.filter((r) => r.path === '/echo').map((r) => r.query.t)).toEqual(['tok-3f9a2c']);
  });
});
