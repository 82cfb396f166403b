/**
 * Streaming a run's metrics from the app: "Stream metrics to" on the start form, with the endpoint's header from
 * a secret environment variable; the OTLP receiver (decoding real OTLP protobuf) gets the run's requests. A URL
 * that cannot be used is shown as a problem and nothing starts.
 */
import { expect, test } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../fixtures/metric-stores/otlp-receiver.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
let receiver: OtlpReceiver | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  await receiver?.close();
  ui = undefined;
  demo = undefined;
  receiver = undefined;
});

test('stream a run to an OpenTelemetry endpoint from the start form', async ({ page }) => {
  demo = await startDemoServer({ port: 0 });
  receiver = await startOtlpReceiver();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);

  await page.getByRole('link', { name: 'Environments' }).click();
  await page.getByRole('button', { name: 'New environment' }).click();
  await page.getByRole('textbox', { name: 'Environment name' }).fill('demo');
  for (const [name, value] of [
    ['BASE_URL', demo.url],
    ['LOADSMITH_OTLP_HEADERS', 'Authorization=Bearer from-the-app'],
  ]) {
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByRole('textbox', { name: 'Variable name' }).last().fill(name!);
    await page.getByRole('textbox', { name: 'Variable value' }).last().fill(value!);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /demo · 2 variables/ })).toBeVisible();

  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByRole('textbox', { name: 'Plan name' }).fill('Streamed');
  await page.getByRole('radio', { name: 'Demo' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Streamed', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Streamed' });
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'demo' });
  await page.getByRole('textbox', { name: 'Duration' }).fill('2s');
  await page.getByRole('textbox', { name: 'VUs' }).fill('2');
  await page.getByRole('combobox', { name: 'Stream metrics to' }).selectOption({ label: 'OpenTelemetry (OTLP/HTTP)' });
  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('collector:4318');
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /Stream metrics to: otlp: 'collector:4318' is not an http:\/\/ or https:\/\/ URL/,
  );

  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('heading', { name: 'Run of Streamed' })).toBeVisible();
  await page.getByRole('link', { name: 'Runs' }).click();
  const row = page
    .getByRole('table', { name: 'Runs' })
    .getByRole('row', { name: /Streamed/ })
    .first();
  await expect(row).toContainText(/passed/i, { timeout: 30_000 });

  expect(receiver.requests.length).toBeGreaterThan(0);
  expect(receiver.requests.every((r) => r.headers.authorization === 'Bearer from-the-app')).toBe(true);
  const names = new Set(
    receiver.requests.flatMap((r) =>
      r.body.resourceMetrics.flatMap((rm) => rm.scopeMetrics.flatMap((s) => s.metrics.map((m) => m.name))),
    ),
  );
  expect([...names]).toEqual(expect.arrayContaining(['http_reqs', 'http_req_duration', 'vus']));
});
