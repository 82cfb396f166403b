/**
 * Run history and comparison in the browser: two short labelled runs of the demo plan against the demo server are
 * listed with their numbers, compared (overlaid charts, deltas equal to their summaries), grouped as one series
 * (mean ± sd) after relabelling, exported (JSON equal to the stored summary, HTML report) and deleted.
 * Leaves test-results/screenshots/09-run-compare.png.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { RunDetail, RunRow } from '../../app/contract/runs.ts';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { KEY_METRICS } from '../../engine/report/compare/key-metrics.ts';
import { spread } from '../../engine/report/compare/stats.ts';
import { fmtCount, fmtRate } from '../../engine/report/format.ts';
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

/** Starts the plan from the Runs page with a short load and a label, and waits until the history shows it done. */
async function runOnce(page: Page, label: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Start a run' });
  await form.getByRole('combobox', { name: 'Plan', exact: true }).selectOption({ label: 'Demo compare' });
  await form.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'demo' });
  await form.getByRole('textbox', { name: 'VUs' }).fill('2');
  await form.getByRole('textbox', { name: 'Duration' }).fill('3s');
  await form.getByRole('textbox', { name: 'Label' }).fill(label);
  await form.getByRole('button', { name: 'Start run' }).click();
  // Start run opens the live dashboard; back in the history, the run is listed while it runs.
  await expect(page.getByRole('heading', { name: 'Run of Demo compare' })).toBeVisible();
  await page.getByRole('link', { name: 'Runs' }).click();
  const row = page.getByRole('table', { name: 'Runs' }).getByRole('row').filter({ hasText: label }).first();
  await expect(row).toContainText(/running/, { timeout: 15_000 });
  // The page follows run.started / run.done: no reload needed to see it finish.
  await expect(row).toContainText(/passed|failed/, { timeout: 45_000 });
}

test('compare two labelled runs, see them as one series, export and delete them', async ({ page }) => {
  test.setTimeout(180_000);
  demo = await startDemoServer({ port: 0 });
  ui = await startUi(await newDataDir());
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(ui.loginUrl);
  await call(page, 'environments.save', { name: 'demo', variables: [{ name: 'BASE_URL', value: demo.url }] });
  await call(page, 'plans.create', { name: 'Demo compare', template: 'demo' });
  await page.goto(`${ui.url}/#/runs`);

  await runOnce(page, 'h1');
  await runOnce(page, 'h2');
  const [second, first] = await call<RunRow[]>(page, 'runs.list', {});
  if (!first?.key || !second?.key) throw new Error('both runs should have key numbers');
  expect([first.label, second.label]).toEqual(['h1', 'h2']);

  // History: both runs with their numbers; the label filter narrows the list.
  const runs = page.getByRole('table', { name: 'Runs' });
  for (const r of [first, second]) {
    const row = runs.locator(`tr[data-run-id="${r.id}"]`);
    await expect(row).toContainText(r.label ?? '');
    await expect(row).toContainText(fmtCount(r.key?.requests ?? -1));
    await expect(row).toContainText(fmtRate(r.key?.rps ?? -1));
  }
  await page.getByRole('combobox', { name: 'With label' }).selectOption('h2');
  await expect(runs.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'With label' }).selectOption('');
  await expect(runs.locator('tbody tr')).toHaveCount(2);

  // Select h1 first (the baseline), then h2, and compare.
  await runs.getByRole('checkbox', { name: /^Select h1 · / }).check();
  await expect(page.getByRole('button', { name: 'Compare' })).toBeDisabled();
  await runs.getByRole('checkbox', { name: /^Select h2 · / }).check();
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/compare\\?ids=${first.id},${second.id}$`));
  await expect(page.getByRole('heading', { name: 'Compare runs' })).toBeVisible();

  // Overlaid charts: a line per run, each with that run's stored points.
  const charts = page.locator('[data-chart^="compare-"]');
  await expect(charts).toHaveCount(4);
  const samples = await Promise.all([first, second].map((r) => call<unknown[]>(page, 'runs.samples', { id: r.id })));
  for (const chart of await charts.all()) {
    await expect(chart).toHaveAttribute('data-points', samples.map((s) => s.length).join(','));
    await expect(chart).toContainText(/h1 · .*: (now|no data).*; h2 · /);
  }

  // The delta table: every key number of both runs equals its stored summary.
  const details = await Promise.all([first, second].map((r) => call<RunDetail>(page, 'runs.get', { id: r.id })));
  const deltas = page.getByRole('table', { name: 'Changes from the baseline' });
  await expect(deltas.getByRole('columnheader').nth(1)).toContainText(/h1 · .*baseline/);
  for (const d of details) {
    if (!d.summary) throw new Error('a finished run has a summary');
    for (const m of KEY_METRICS) {
      const v = m.read(d.summary);
      const cell = deltas.locator(`td[data-run="${d.id}"][data-metric="${m.key}"]`);
      if (v === null) {
        await expect(cell).toHaveCount(0);
        continue;
      }
      expect(Number(await cell.getAttribute('data-value')), `${m.key} of ${d.label}`).toBe(v);
    }
  }
  await expect(deltas.locator(`td[data-run="${second.id}"][data-metric="requests"]`)).toContainText(
    fmtCount(second.key.requests),
  );
  await expect(deltas.locator(`td[data-run="${second.id}"] [data-verdict]`).first()).toBeVisible();
  // A volume is neither better nor worse; both runs ran the same plan.
  await expect(deltas.locator(`td[data-run="${second.id}"][data-metric="received"] [data-verdict]`)).toHaveAttribute(
    'data-verdict',
    /neutral|same/,
  );
  await expect(page.getByRole('table', { name: 'Compared runs' }).locator('tbody tr').nth(1)).toContainText(
    'same plan',
  );
  // Another baseline: its column comes first.
  await page.getByRole('radio', { name: /^Baseline: h2 · / }).check();
  await expect(deltas.getByRole('columnheader').nth(1)).toContainText(/h2 · .*baseline/);

  // Two series of one run each would only repeat the key numbers: no series table. The oldest run is the default
  // baseline whatever the order of the ids.
  const series = page.getByRole('table', { name: 'Series' });
  await expect(series).toHaveCount(0);
  await page.goto(`${ui.url}/#/runs/compare?ids=${second.id},${first.id}`);
  await expect(deltas.getByRole('columnheader').nth(1)).toContainText(/h1 · .*baseline/);
  // Relabel the second run "h1" on its page (a bad label is explained first): one series of two runs.
  await page.goto(`${ui.url}/#/runs/${second.id}`);
  const label = page.getByRole('form', { name: 'Series label' });
  await label.getByRole('textbox', { name: 'Label' }).fill('h1/bad');
  await label.getByRole('button', { name: 'Save label' }).click();
  await expect(label.getByRole('alert')).toHaveText(/^Label: labels use letters, digits/);
  await label.getByRole('textbox', { name: 'Label' }).fill('h1');
  await label.getByRole('button', { name: 'Save label' }).click();
  await expect(page.getByText('Labelled h1.')).toBeVisible();
  expect((await call<RunDetail>(page, 'runs.get', { id: second.id })).label).toBe('h1');

  await page.goto(`${ui.url}/#/runs/compare?ids=${first.id},${second.id}`);
  await expect(series.getByRole('columnheader')).toHaveText(['Metric', 'h1 baseline']);
  await expect(series.locator('td[data-metric="n"]')).toHaveText('2');
  for (const key of ['requests', 'rps', 'p95']) {
    const m = KEY_METRICS.find((k) => k.key === key);
    const s = spread(details.map((d) => (m && d.summary ? m.read(d.summary) : null)));
    const cell = series.locator(`td[data-metric="${key}"]`);
    expect(Number(await cell.getAttribute('data-mean'))).toBeCloseTo(s?.mean ?? NaN, 9);
    expect(Number(await cell.getAttribute('data-sd'))).toBeCloseTo(s?.sd ?? NaN, 9);
    await expect(cell).toContainText('±');
  }
  await page.setViewportSize({ width: 1440, height: 2400 });
  await shot(page, '09-run-compare');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // Export from the run's page: the JSON is the stored summary, the HTML is the report.
  await page.goto(`${ui.url}/#/runs/${first.id}`);
  const actions = page.getByRole('toolbar', { name: 'Run actions' });
  const jsonDownload = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Export JSON' }).click();
  const json = await readFile(await (await jsonDownload).path(), 'utf8');
  // runs.get leaves the per-second timeline to runs.samples; the export carries it.
  const exported = JSON.parse(json) as { timeline: unknown[] };
  expect(exported.timeline.length).toBeGreaterThan(0);
  expect({ ...exported, timeline: [] }).toEqual(details[0]?.summary);
  const htmlDownload = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Export HTML report' }).click();
  expect((await readFile(await (await htmlDownload).path(), 'utf8')).slice(0, 15).toLowerCase()).toBe(
    '<!doctype html>',
  );

  // Delete it there (back to the history), then the other one from the history.
  await actions.getByRole('button', { name: 'Delete run' }).click();
  await page.getByRole('dialog', { name: 'Delete this run?' }).getByRole('button', { name: 'Delete run' }).click();
  await expect(page).toHaveURL(/#\/runs$/);
  await expect(runs.locator(`tr[data-run-id="${first.id}"]`)).toHaveCount(0);
  await expect(runs.locator('tbody tr')).toHaveCount(1);
  await runs.getByRole('checkbox', { name: 'Select all shown runs' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete 1 run?' }).getByRole('button', { name: 'Delete 1 run' }).click();
  await expect(page.getByText('No runs yet.')).toBeVisible();
  expect(await call<RunRow[]>(page, 'runs.list', {})).toEqual([]);
});
