/**
 * The run dashboard end to end, in browser mode against the bundled demo server on 127.0.0.1:
 * 1. start the demo plan from the designer (environment, overrides, label), watch the charts grow every second, the
 *    request table and thresholds fill; reload mid-run (stored samples then live ticks: no gap, no duplicate); stop
 *    it gracefully (confirmed) -> aborted with a summary; restart the UI on the same data dir: the run shows the
 *    same numbers and charts as at its end.
 * 2. a finished run with 50 request names and an hour of samples, seeded into the store: charts render, selecting a
 *    request and sorting respond within a generous bound.
 */
import { expect, test, type Page } from '@playwright/test';
import { fmtCount, fmtMs, fmtPct } from '../../engine/report/numbers.ts';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import {
  call,
  capture,
  CHARTS,
  chart,
  countAndLastX,
  createEnvironment,
  openNewDemoPlan,
  pointCount,
  recordTicks,
  scrollToTop,
  seriesLengths,
  shot,
} from './run-dashboard-helpers.ts';
import { LONG_RUN, MANY_NAMES, requestName, seedLongRun } from './run-dashboard-seed.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});
test.use({ viewport: { width: 1440, height: 1300 } });

const facts = (page: Page) => page.getByLabel('Run facts');

test('start the demo plan from the designer, follow it live, stop it, and see the same numbers after a restart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  demo = await startDemoServer({ port: 0 });
  const dataDir = await newDataDir();
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);
  const lastTick = recordTicks(page);
  await createEnvironment(page, 'demo', { BASE_URL: demo.url });
  await openNewDemoPlan(page, 'Dashboard demo');

  // The Run dialog: the overrides are checked here, the back end's refusals are shown here too.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Run the plan' });
  await dialog.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'demo' });
  await dialog.getByRole('textbox', { name: 'VUs' }).fill('many');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('list', { name: 'Problems' })).toContainText('VUs: a whole number');
  await dialog.getByRole('textbox', { name: 'VUs' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Duration' }).fill('60s');
  await dialog.getByRole('textbox', { name: 'Iterations' }).fill('10');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/cannot be combined/);
  await dialog.getByRole('textbox', { name: 'Iterations' }).fill('');
  await dialog.getByRole('textbox', { name: 'Label' }).fill('e2e live');
  await dialog.getByRole('button', { name: 'Start run' }).click();

  await expect(page).toHaveURL(/#\/runs\/[^/]+$/, { timeout: 30_000 });
  const runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
  await expect(page.getByRole('heading', { name: 'Run of Dashboard demo' })).toBeVisible();
  await expect(facts(page)).toContainText(/running/i);
  await expect(facts(page)).toContainText('e2e live');
  await expect(facts(page)).toContainText('vus=3, duration=60s');

  // Every chart grows with the ticks: two reads a few seconds apart.
  await expect.poll(() => pointCount(page, 'vus'), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  const before = await Promise.all(CHARTS.map((id) => pointCount(page, id)));
  await expect
    .poll(async () => (await pointCount(page, 'vus')) - (before[2] as number), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const after = await Promise.all(CHARTS.map((id) => pointCount(page, id)));
  CHARTS.forEach((id, i) => expect(after[i], `chart ${id} grows`).toBeGreaterThan(before[i] as number));
  expect(await seriesLengths(page, 'latency')).toHaveLength(4);

  // The live tables: requests with counts, thresholds with their state and when they were evaluated.
  const requests = page.getByRole('table', { name: 'Requests' });
  await expect(requests.getByRole('row', { name: /List users/ })).toBeVisible();
  await expect.poll(async () => (await requests.getByRole('row').count()) - 1).toBeGreaterThanOrEqual(5);
  const thresholds = page.getByRole('table', { name: 'Thresholds' });
  await expect(thresholds.getByRole('row')).toHaveCount(6);
  await expect(thresholds.getByRole('img', { name: /passed|failed/ })).toHaveCount(5);
  await expect(thresholds).toContainText('p(95)<500');
  await expect(thresholds).toContainText(/live, at \d/);
  await expect(page.getByRole('table', { name: 'Status codes' })).toContainText('200');

  // Opened mid-run: stored samples first, then live ticks, with one point per second (no gap, no duplicate).
  await page.reload();
  await expect.poll(() => pointCount(page, 'vus'), { timeout: 45_000 }).toBeGreaterThanOrEqual(after[2] as number);
  const reloaded = await pointCount(page, 'vus');
  await expect.poll(() => pointCount(page, 'vus'), { timeout: 20_000 }).toBeGreaterThan(reloaded);
  const seconds = await countAndLastX(page, 'vus');
  expect(seconds.count, 'one point per second since the start').toBe(seconds.lastX);

  // A request's own charts on selection: a click anywhere on its row.
  await requests
    .getByRole('row', { name: /List users/ })
    .locator('td')
    .first()
    .click();
  await expect(requests.getByRole('button', { name: 'List users' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Request List users' })).toBeVisible();
  await expect.poll(() => pointCount(page, 'request-rps')).toBeGreaterThan(3);
  await scrollToTop(page);
  await shot(page, '08-run-dashboard');

  // Stop, gracefully, after confirming the mode.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop the run gracefully?' });
  await confirm.getByRole('button', { name: 'Stop run' }).click();
  await expect(facts(page)).toContainText(/stopped/i, { timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Key numbers' })).toContainText('Duration');
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(/stopped early by the user/);
  await expect(thresholds).toContainText(/at the end/);
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
  await expect.poll(() => pointCount(page, 'request-rps')).toBeGreaterThan(3);
  const end = await capture(page);
  // The finished table shows what the last live tick had: same counts, percentiles and failed shares per request.
  const final = lastTick();
  expect(final, 'a tick was received').toBeDefined();
  for (const r of final?.live.requests ?? []) {
    // Finished rows read "METHOD name (scenario)" (the summary splits by method and scenario; the demo's are unique).
    const row = end.requests
      .map((line) => line.split(' | '))
      .find((c) => c[0]?.replace(/^[A-Z]+ /, '').replace(/ \(\w+\)$/, '') === r.name);
    expect(row, `row of ${r.name}`).toBeDefined();
    const cells = row as string[];
    expect([cells[1], cells[3], cells[4], cells[5], cells[6], cells[7]], r.name).toEqual([
      fmtCount(r.count),
      fmtMs(r.p50),
      fmtMs(r.p95),
      fmtMs(r.p99),
      fmtMs(r.max),
      fmtPct(r.count ? r.failed / r.count : 0),
    ]);
  }
  const ended = await countAndLastX(page, 'vus');
  expect(ended.count).toBe(Math.ceil(ended.lastX));
  // Every chart's time axis ends at the run's end: a rate's last sliver is a gap, not a missing point.
  for (const id of ['rps', 'failed', 'data']) expect((await countAndLastX(page, id)).lastX, id).toBe(ended.lastX);
  expect(end.requests.length).toBeGreaterThanOrEqual(6);
  await scrollToTop(page);
  await shot(page, '08b-run-dashboard-finished');

  // A new UI server on the same data dir redraws the run from what was stored.
  await ui.stop();
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);
  await page.goto(`${ui.url}/#/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByRole('heading', { name: 'Run of Dashboard demo' })).toBeVisible();
  await expect(facts(page)).toContainText(/stopped/i);
  await expect.poll(() => pointCount(page, 'vus')).toBe(end.points.vus);
  expect(await capture(page)).toEqual(end);
});

test('a plan that cannot run: the Run dialog lists its located problems and stays open', async ({ page }) => {
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const plan = await call<{
    id: string;
    revision: number;
    document: { scenarios: { default: Record<string, unknown> } };
  }>(page, 'plans.create', { name: 'Broken plan', template: 'blank' });
  const document = { ...plan.document, scenarios: { default: { ...plan.document.scenarios.default, vus: 0 } } };
  await call(page, 'plans.save', { id: plan.id, document, baseRevision: plan.revision });
  await page.goto(`${ui.url}/#/plans/${plan.id}`);
  await expect(page.getByRole('tree', { name: 'Plan' })).toBeVisible();

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Run the plan' });
  await expect(dialog.getByRole('note')).toContainText(/1 problem/);
  await dialog.getByRole('button', { name: 'Start run' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The run did not start');
  await expect(alert.getByRole('list', { name: 'Plan issues' })).toContainText('scenarios.default.vus');
  await expect(alert).toContainText('plan_invalid');
  await expect(page).toHaveURL(/#\/plans\//);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a finished run with 50 requests and an hour of samples stays responsive', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = await newDataDir();
  seedLongRun(dataDir);
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);

  const opened = Date.now();
  await page.goto(`${ui.url}/#/runs/${LONG_RUN.id}`);
  await expect.poll(() => seriesLengths(page, 'rps'), { timeout: 60_000 }).toEqual([3600, 3600]);
  const loadMs = Date.now() - opened;
  for (const id of CHARTS) await expect(chart(page, id).locator('canvas')).toHaveCount(1);
  expect(await seriesLengths(page, 'latency')).toEqual([3600, 3600, 3600, 3600]);
  const requests = page.getByRole('table', { name: 'Requests' });
  await expect(requests.getByRole('row')).toHaveCount(LONG_RUN.requests + 1);

  // Selecting a request draws its hour of points promptly.
  const name = requestName(36);
  let started = Date.now();
  await requests.getByRole('button', { name }).click();
  await expect
    .poll(() => seriesLengths(page, 'request-latency'), { timeout: 10_000, intervals: [50] })
    .toEqual([3600, 3600, 3600]);
  const selectMs = Date.now() - started;
  await expect(page.getByRole('region', { name: `Request ${name}` })).toBeVisible();

  // Sorting 50 rows by p95 (slowest first) puts the slowest request on top.
  started = Date.now();
  await page.getByRole('button', { name: 'Sort by p95' }).click();
  await expect(requests.getByRole('row').nth(1)).toContainText(requestName(LONG_RUN.requests - 1), { timeout: 10_000 });
  const sortMs = Date.now() - started;

  // Another request: the previous chart is replaced, not added to.
  started = Date.now();
  await requests.getByRole('button', { name: requestName(3) }).click();
  await expect(page.getByRole('region', { name: `Request ${requestName(3)}` })).toBeVisible();
  const switchMs = Date.now() - started;
  await expect(chart(page, 'request-latency')).toHaveCount(1);

  console.log(
    `50 requests x 3600 s: charts in ${loadMs} ms, select ${selectMs} ms, sort ${sortMs} ms, switch ${switchMs} ms`,
  );
  // Generous bounds (2 shared cores, a debug-free build): a sluggish page takes many seconds here, not hundreds of ms.
  expect(loadMs).toBeLessThan(20_000);
  expect(selectMs).toBeLessThan(3_000);
  expect(sortMs).toBeLessThan(3_000);
  expect(switchMs).toBeLessThan(3_000);
  await shot(page, '08c-run-dashboard-long-run');
});

test("a run with a recording's 10,000 request names draws 200 rows, and the filter finds the others", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = await newDataDir();
  seedLongRun(dataDir, MANY_NAMES);
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);

  const opened = Date.now();
  await page.goto(`${ui.url}/#/runs/${MANY_NAMES.id}`);
  const section = page.getByRole('region', { name: 'Requests' });
  const requests = section.getByRole('table', { name: 'Requests' });
  const note = section.getByRole('status');
  await expect(note).toHaveText(
    'Showing the first 200 of 10,000 requests, sorted by Request: filter to find the others.',
    { timeout: 30_000 },
  );
  const loadMs = Date.now() - opened;
  await expect(requests.getByRole('row')).toHaveCount(201);

  // Sorting sorts all 10,000, not the 200 drawn: the slowest request is the last one made, far down by name.
  let started = Date.now();
  await section.getByRole('button', { name: 'Sort by p95' }).click();
  await firstRowIs(page, requestName(MANY_NAMES.requests - 1));
  const sortMs = Date.now() - started;
  await expect(note).toHaveText('Showing the first 200 of 10,000 requests, sorted by p95: filter to find the others.');
  await section.getByRole('button', { name: 'Sort by p95' }).click();
  await firstRowIs(page, requestName(0));

  // A name far from the first 200, found by the filter and opened.
  started = Date.now();
  const filter = section.getByRole('searchbox', { name: 'Filter requests' });
  await filter.fill('request 7345');
  await firstRowIs(page, requestName(7344));
  const filterMs = Date.now() - started;
  await expect(requests.getByRole('row')).toHaveCount(2);
  await expect(note).toHaveText('1 of 10,000 requests match.');
  await requests.getByRole('button', { name: requestName(7344) }).click();
  // Past the 50 names the per-second points chart: a note, not charts of zeros.
  const uncharted = page.getByRole('region', { name: `Request ${requestName(7344)}` });
  await expect(uncharted).toContainText('No per-second points for this request');
  await expect(uncharted.locator('[data-chart]')).toHaveCount(0);
  await filter.fill('request 9');
  const nines = Array.from({ length: MANY_NAMES.requests }, (_, i) => requestName(i)).filter((n) =>
    n.startsWith('Request 9'),
  ).length;
  await expect(note).toHaveText(
    `Showing the first 200 of the ${nines.toLocaleString('en-US')} requests that match, sorted by p95.`,
  );
  await filter.scrollIntoViewIfNeeded();
  await shot(page, '08d-run-dashboard-many-names');
  await filter.fill('no such request');
  await expect(note).toHaveText('No request matches "no such request".');
  await expect(requests.getByRole('row')).toHaveCount(1);
  await filter.fill('');
  await expect(requests.getByRole('row')).toHaveCount(201);

  // The checks: 10,000, failing first (most failures first), the others a filter away.
  const checksSection = page.getByRole('region', { name: 'Checks' });
  const checks = checksSection.getByRole('table', { name: 'Checks' });
  await expect(checksSection.getByRole('status')).toHaveText(
    'Showing the first 200 of 10,000 checks, failing first: filter to find the others.',
  );
  await expect(checks.getByRole('row')).toHaveCount(201);
  const failing = Array.from({ length: 10 }, (_, k) => requestName(10_000 - 1000 * k - 1));
  for (const [k, name] of failing.entries()) await expect(checks.getByRole('row').nth(k + 1)).toContainText(name);
  await expect(checks.getByRole('row').nth(11)).toContainText('✓ status is 200');
  await checksSection.getByRole('searchbox', { name: 'Filter checks' }).scrollIntoViewIfNeeded();
  await shot(page, '08e-run-dashboard-many-checks');
  await checksSection.getByRole('searchbox', { name: 'Filter checks' }).fill('request 4321');
  await expect(checks.getByRole('row')).toHaveCount(2);
  await expect(checks.getByRole('row').nth(1)).toContainText(requestName(4320));

  console.log(`10,000 requests: table in ${loadMs} ms, sort ${sortMs} ms, filter ${filterMs} ms`);
  expect(sortMs).toBeLessThan(3_000);
  expect(filterMs).toBeLessThan(3_000);
});

/** Waits, frame by frame, until the Requests table's first row names `name` (timings without expect's polling). */
async function firstRowIs(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelector('table[aria-label="Requests"] tbody tr th')?.textContent?.includes(n) === true,
    name,
    { polling: 'raf', timeout: 15_000 },
  );
}
