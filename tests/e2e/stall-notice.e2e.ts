/**
 * A stall the closed model hides, in the app (issue 19): a run from the app against a target on 127.0.0.1 that stops
 * answering for 1.5 s shows the "Stalls" notice on its live dashboard while it runs, and the same after it finished
 * (from the stored summary, after a reload).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { RunDetail, RunRow } from '../../app/contract/runs.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { call } from './run-dashboard-helpers.ts';

let ui: RunningUi | undefined;
let target: Server | undefined;
test.afterEach(async () => {
  await ui?.stop();
  target?.closeAllConnections();
  await new Promise((r) => (target ? target.close(r) : r(undefined)));
  ui = undefined;
  target = undefined;
});

/** Answers at once, except requests arriving 2.5 s to 4 s after its first: those wait until 4 s. */
async function stallingTarget(): Promise<string> {
  let first = 0;
  target = createServer((_req, res) => {
    const now = Date.now();
    if (first === 0) first = now;
    if (now >= first + 2500 && now < first + 4000) setTimeout(() => res.end('ok'), first + 4000 - now);
    else res.end('ok');
  });
  await new Promise<void>((r) => target?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
}

test('the run dashboard names a stall live and after the run', async ({ page }) => {
  test.setTimeout(120_000);
  const url = await stallingTarget();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const plan = await call<{ id: string }>(page, 'plans.create', { name: 'Stalling target', template: 'blank' });
  await call(page, 'plans.save', {
    id: plan.id,
    document: {
      version: 1,
      name: 'Stalling target',
      scenarios: {
        s: {
          executor: 'constant-vus',
          vus: 10,
          duration: '14s',
          steps: [{ request: { url: `${url}/x` } }, { think: { min: '10ms', max: '10ms' } }],
        },
      },
    },
  });
  const run = await call<RunRow>(page, 'runs.start', { planId: plan.id });
  await page.goto(`${ui.url}/#/runs/${run.id}`);

  const notice = page.getByRole('status', { name: 'Stalls' });
  await expect(notice).toContainText(
    /at \d s throughput fell to [\d.]+ % of the median for \d s while 10 VUs were busy/,
    { timeout: 30_000 },
  );
  await expect(notice).toContainText('closed-model percentiles understate this — an arrival-rate executor measures it');
  // Still running: this is the live view (the run lasts 14 s, the stall is over at about 4 s).
  const live = await call<RunDetail>(page, 'runs.get', { id: run.id });
  expect(live.status).toBe('running');

  await expect
    .poll(async () => (await call<RunDetail>(page, 'runs.get', { id: run.id })).status, { timeout: 60_000 })
    .not.toBe('running');
  const done = await call<RunDetail>(page, 'runs.get', { id: run.id });
  expect(done.summary?.stalls).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('status', { name: 'Stalls' })).toContainText(
    done.summary?.stalls?.[0]?.message ?? 'no stall',
  );
  await expect(page.getByRole('status', { name: 'Stalls' })).toContainText('The target stalled once');
});
