/**
 * The compare view of a plan with a scenario per endpoint (as plans/examples/protocols.yaml has one per protocol):
 * two short runs against the demo server, each scenario's numbers shown per run against the baseline and, once the
 * runs share a label, as mean ± sd of the series; every shown number equal to the stored summaries'.
 * Leaves test-results/screenshots/run-compare-scenarios.png.
 */
import { expect, test, type Page } from '@playwright/test';
import type { RunDetail, RunRow } from '../../app/contract/runs.ts';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { scenarioKeyMetrics } from '../../engine/report/compare/scenario-metrics.ts';
import { spread } from '../../engine/report/compare/stats.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { call } from './run-dashboard-helpers.ts';
import { shot } from './screenshot.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});

/** Two scenarios one after the other: a fast endpoint (with a check) and a slower one (without). */
const plan = (baseUrl: string) => ({
  version: 1,
  name: 'Two endpoints',
  defaults: { baseUrl },
  scenarios: {
    fast: {
      executor: 'constant-vus',
      vus: 1,
      duration: '1500ms',
      steps: [{ request: { name: 'health', url: '/health', checks: [{ status: 200 }] } }, { think: '50ms' }],
    },
    slow: {
      executor: 'constant-vus',
      vus: 1,
      startTime: '1500ms',
      duration: '1500ms',
      steps: [{ request: { name: 'lookup', url: '/lookup/phone/0754952794' } }, { think: '50ms' }],
    },
  },
});

async function runTo(page: Page, planId: string, label: string): Promise<RunDetail> {
  const row = await call<RunRow>(page, 'runs.start', { planId, label });
  await expect
    .poll(async () => (await call<RunDetail>(page, 'runs.get', { id: row.id })).status, { timeout: 45_000 })
    .not.toBe('running');
  return call<RunDetail>(page, 'runs.get', { id: row.id });
}

test('compare runs of a plan with two scenarios: each scenario per run, and as a series', async ({ page }) => {
  test.setTimeout(150_000);
  demo = await startDemoServer({ port: 0, lookupDelayMs: 20 });
  ui = await startUi(await newDataDir());
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(ui.loginUrl);
  const created = await call<{ id: string }>(page, 'plans.create', { name: 'Two endpoints' });
  await call(page, 'plans.save', { id: created.id, document: plan(demo.url) });
  const runs = [await runTo(page, created.id, 'a'), await runTo(page, created.id, 'b')];
  const summaries = runs.map((r) => {
    if (!r.summary) throw new Error(`run ${r.label} has no summary`);
    return r.summary;
  });

  await page.goto(`${ui.url}/#/runs/compare?ids=${runs.map((r) => r.id).join(',')}`);
  const table = page.getByRole('table', { name: 'Changes per scenario' });
  await expect(table.getByRole('rowheader', { name: 'fast' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'slow' })).toBeVisible();
  for (const [i, run] of runs.entries()) {
    for (const scenario of ['fast', 'slow']) {
      for (const m of scenarioKeyMetrics(scenario)) {
        const v = m.read(summaries[i] as (typeof summaries)[number]);
        const column = m.key.slice(scenario.length + 1);
        const cell = table.locator(`td[data-run="${run.id}"][data-scenario="${scenario}"][data-metric="${column}"]`);
        if (v === null) {
          // The slow scenario has no checks: no row for them.
          expect(`${scenario}:${column}`).toBe('slow:checks');
          await expect(cell).toHaveCount(0);
          continue;
        }
        expect(Number(await cell.getAttribute('data-value')), `${m.key} of ${run.label}`).toBe(v);
      }
    }
  }
  const requests = (s: number, name: string) =>
    summaries[s]?.scenarios.find((x) => x.name === name)?.requests?.count ?? -1;
  expect(requests(0, 'fast') + requests(0, 'slow')).toBe(summaries[0]?._total);
  // The slow endpoint's p(95) is its own, above the 20 ms backend delay; the fast one's is not.
  await table.scrollIntoViewIfNeeded();
  await shot(page, 'run-compare-scenarios');
  const p95 = table.locator(`td[data-run="${runs[0]?.id}"][data-scenario="slow"][data-metric="p95"]`);
  expect(Number(await p95.getAttribute('data-value'))).toBeGreaterThanOrEqual(20);

  // One label for both: a series, with each scenario's mean ± sd.
  await call(page, 'runs.label', { id: runs[1]?.id, label: 'a' });
  await page.reload();
  const series = page.getByRole('table', { name: 'Series' });
  await expect(series.getByRole('rowheader', { name: /^slow · p\(95\)/ })).toBeVisible();
  for (const m of scenarioKeyMetrics('slow').filter((k) => k.key !== 'slow:checks')) {
    const s = spread(summaries.map((x) => m.read(x)));
    const cell = series.locator(`td[data-metric="${m.key}"]`);
    expect(Number(await cell.getAttribute('data-mean')), m.key).toBeCloseTo(s?.mean ?? NaN, 9);
    expect(Number(await cell.getAttribute('data-sd')), m.key).toBeCloseTo(s?.sd ?? NaN, 9);
    await expect(cell).toContainText('±');
  }
});
