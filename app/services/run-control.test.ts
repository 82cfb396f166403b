/**
 * runs.pause / runs.resume / runs.scale through the dispatcher (the transport boundary), on a real run against a
 * local target: the change reaches the engine, every window hears of it, the stored summary has its phases, and a
 * refusal is a `conflict` with the engine's reason.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let target: TargetServer;
beforeAll(async () => {
  target = await startTargetServer();
});
afterAll(async () => {
  await target.close();
});
beforeEach(async () => {
  t = await openTestServices('run-control');
});
afterEach(async () => {
  await t.close();
});

const done = (id: string): Promise<void> =>
  new Promise((resolve) => {
    t.services.events.subscribe((event, payload) => {
      if (event === 'run.done' && (payload as { runId: string }).runId === id) resolve();
    });
  });
/** Resolves at the run's first tick (it is running: a change is taken). */
const ticking = (id: string): Promise<void> =>
  new Promise((resolve) => {
    t.services.events.subscribe((event, payload) => {
      if (event === 'run.tick' && (payload as { runId: string }).runId === id) resolve();
    });
  });

async function start(scenarios: string): Promise<string> {
  const p = await t.call('plans.import', {
    text: `version: 1\nname: control\ndefaults: { baseUrl: "${target.url}" }\nscenarios:\n${scenarios}`,
    fileName: 'control.yaml',
  });
  const run = await t.call('runs.start', { planId: p.id });
  return run.id;
}

describe('mid-run control through the contract', () => {
  it('scales and pauses a running run; every window hears of it; the stored summary has the phases', async () => {
    const id = await start(
      '  api:\n    executor: constant-arrival-rate\n    rate: 10\n    duration: 4s\n    preAllocatedVUs: 5\n    steps: [{ request: { url: /json } }]\n',
    );
    const finished = done(id);
    await ticking(id);
    const scaled = await t.call('runs.scale', { id, rate: 30 });
    expect(scaled.events).toEqual([{ kind: 'scale', scenario: 'api', rate: 30, atMs: expect.any(Number) }]);
    expect(scaled.state).toEqual({ paused: false, targets: { api: { rate: 30 } } });
    const paused = await t.call('runs.pause', { id });
    expect(paused.state.paused).toBe(true);
    expect((await t.call('runs.pause', { id })).events).toEqual([]);
    expect(
      t.events.filter((e) => e.event === 'run.control').map((e) => (e.payload as { runId: string }).runId),
    ).toEqual([id, id]);
    await finished;
    const detail = await t.call('runs.get', { id });
    expect(detail.summary?.control?.events.map((e) => e.kind)).toEqual(['scale', 'pause']);
    expect(detail.summary?.control?.phases.at(-1)?.paused).toBe(true);
    // The stored seconds carry the control state once a change is due: a reloaded page shows it.
    const samples = await t.call('runs.samples', { id });
    expect(samples.at(-1)?.control).toEqual({ paused: true, targets: { api: { rate: 30 } } });
  });

  it("refuses with the engine's reason (conflict), and a run that is not running", async () => {
    const id = await start(
      '  once:\n    executor: per-vu-iterations\n    vus: 1\n    iterations: 100000\n    maxDuration: 2s\n    steps: [{ request: { url: "/delay?ms=20" } }]\n',
    );
    const finished = done(id);
    await ticking(id);
    const refused = await t.fail('runs.scale', { id, scenario: 'once', vus: 3 });
    expect(refused).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/'once' runs per-vu-iterations: its work is a number of iterations/),
    });
    expect(await t.fail('runs.scale', { id, vus: 3, rate: 2 })).toMatchObject({ code: 'invalid_params' });
    await finished;
    // Right after run.done the engine says it has ended; a moment later the service no longer knows it as running.
    expect(await t.fail('runs.resume', { id })).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/the run has ended|not running/),
    });
  });
});
