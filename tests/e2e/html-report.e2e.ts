/**
 * The single-file HTML report in a real browser: generated from a real run, opened with file:// while every
 * network request is refused, it draws all its charts and shows the summary's numbers formatted like the CLI.
 * Leaves a screenshot in test-results/screenshots/ (and docs/screenshots/ with LOADSMITH_UPDATE_SCREENSHOTS=1).
 */
import { expect, test } from '@playwright/test';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Summary } from '../../engine/metrics/summary.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from '../../engine/report/format.ts';
import { htmlReport } from '../../engine/report/html/index.ts';
import { runSample } from '../fixtures/html-report-sample.ts';

const SHOT = fileURLToPath(new URL('../../test-results/screenshots/html-report.png', import.meta.url));
const DOCS_SHOT = fileURLToPath(new URL('../../docs/screenshots/html-report.png', import.meta.url));

/** The value at a data-key path such as `metrics.http_req_duration.p95` or `scenarios.1.arrival.targetRate`. */
function at(summary: Summary, path: string): number {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], summary) as number;
}

/** How each key number must read: the CLI's formatter for that kind of value. */
function expectedText(key: string, v: number): string {
  if (key.startsWith('metrics.data_')) return fmtBytes(v);
  if (/^_p\d+$|duration\.p\d+$/.test(key)) return fmtMs(v);
  if (key.endsWith('.rate')) return fmtPct(v);
  if (key === '_rps' || key.endsWith('Rate')) return fmtRate(v);
  return fmtCount(v);
}

let dir = '';
test.afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the HTML report opens from disk offline, draws every chart and shows the summary numbers', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const summary = await runSample({ name: 'Catalog API nightly', seconds: 6 });
  dir = mkdtempSync(join(tmpdir(), 'loadsmith-html-e2e-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, htmlReport(summary));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  await context.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(pathToFileURL(file).href);

  // Every chart is drawn (the open-model scenario adds the arrival chart) and has pixels on its canvas.
  const charts = page.locator('[data-chart]');
  await expect(charts).toHaveCount(5);
  for (const box of await charts.all()) await expect(box).toHaveAttribute('data-rendered', 'true');
  expect(await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')))).toEqual([
    'rps',
    'latency',
    'vus',
    'errors',
    'arrival',
  ]);
  expect(await page.evaluate(() => (window as unknown as { __loadsmithReport: unknown }).__loadsmithReport)).toEqual({
    charts: 5,
    failed: [],
  });
  const inked = await charts.evaluateAll((els) =>
    els.map((e) => {
      const canvas = e.querySelector('canvas');
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return 0;
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if ((px[i] as number) > 0) n++;
      return n;
    }),
  );
  for (const n of inked) expect(n).toBeGreaterThan(1000);

  // The key numbers read exactly as the CLI formats the summary's values, and carry the raw value.
  const data = JSON.parse((await page.locator('#loadsmith-data').textContent()) ?? '') as { summary: Summary };
  const keys = await page.locator('[data-key][data-value]').evaluateAll((els) =>
    els.map((e) => ({
      key: e.getAttribute('data-key') as string,
      value: e.getAttribute('data-value'),
      text: e.textContent,
    })),
  );
  expect(keys.map((k) => k.key)).toEqual(
    expect.arrayContaining([
      '_total',
      '_rps',
      '_p50',
      'metrics.http_req_duration.p95',
      '_p99',
      'metrics.http_req_failed.rate',
      'metrics.checks.rate',
      'metrics.iterations.count',
      'metrics.data_sent.count',
      'metrics.data_received.count',
      'scenarios.1.arrival.targetRate',
      'scenarios.1.arrival.achievedRate',
      'scenarios.1.dropped',
    ]),
  );
  for (const k of keys) {
    const v = at(summary, k.key);
    expect(at(data.summary, k.key), k.key).toBe(v);
    expect(Number(k.value), k.key).toBe(v);
    expect(k.text, k.key).toBe(expectedText(k.key, v));
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog API nightly');
  await expect(page.locator('[data-key="status"]')).toContainText('FAILED');
  await expect(page.getByRole('table', { name: 'Thresholds' }).getByRole('row')).toHaveCount(
    summary.thresholds.length + 1,
  );
  await expect(page.getByRole('table', { name: 'Requests', exact: true })).toContainText('Get JSON');
  await expect(page.getByRole('table', { name: 'Errors' })).toContainText('ECONNRESET');

  mkdirSync(dirname(SHOT), { recursive: true });
  await page.screenshot({ path: SHOT, fullPage: true });
  // docs/screenshots/ only on purpose (screenshot.ts): a test run leaves a clean clone clean.
  if (process.env.LOADSMITH_UPDATE_SCREENSHOTS === '1') {
    mkdirSync(dirname(DOCS_SHOT), { recursive: true });
    copyFileSync(SHOT, DOCS_SHOT);
  }

  // Dark mode restyles the page and redraws the charts with its colours.
  const light = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .not.toBe(light);
  for (const box of await charts.all()) await expect(box).toHaveAttribute('data-rendered', 'true');

  expect(problems).toEqual([]);
  expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
  expect(requested.length).toBeGreaterThan(0);
  await context.close();
});
