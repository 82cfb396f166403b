/** Running the demo plan from the browser against the demo server: the run is listed as passed with its numbers. */
import { expect, test } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});

test('run the demo plan and see it passed with its numbers', async ({ page }) => {
  demo = await startDemoServer({ port: 0 });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);

  await page.getByRole('link', { name: 'Environments' }).click();
  await page.getByRole('button', { name: 'New environment' }).click();
  await page.getByRole('textbox', { name: 'Environment name' }).fill('demo');
  await page.getByRole('button', { name: 'Add variable' }).click();
  await page.getByRole('textbox', { name: 'Variable name' }).last().fill('BASE_URL');
  await page.getByRole('textbox', { name: 'Variable value' }).last().fill(demo.url);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /demo · 1 variable/ })).toBeVisible();

  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByRole('textbox', { name: 'Plan name' }).fill('Demo run');
  await page.getByRole('radio', { name: 'Demo' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Demo run', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Demo run' });
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'demo' });
  await page.getByRole('textbox', { name: 'Duration' }).fill('3s');
  await page.getByRole('textbox', { name: 'VUs' }).fill('3');
  await page.getByRole('button', { name: 'Start run' }).click();
  // Start run opens the live dashboard, as Run in the designer does.
  await expect(page.getByRole('heading', { name: 'Run of Demo run' })).toBeVisible();
  await page.getByRole('link', { name: 'Runs' }).click();

  const runs = page.getByRole('table', { name: 'Runs' });
  const row = runs.getByRole('row', { name: /Demo run/ }).first();
  await expect(row).toContainText(/running/i);
  await expect(row).toContainText(/passed/i, { timeout: 30_000 });
  // The run's numbers are listed: a request count and a rate.
  await expect(row).toContainText(/\d+\/s/);
  // At 1280 px the history fits without scrolling sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  const wrap = page.locator('.table-wrap', { has: runs });
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await row.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Run of Demo run' })).toBeVisible();
  await expect(page.getByText('List users').first()).toBeVisible();
  await expect(page.getByText(/p\(95\)<500/).first()).toBeVisible();
});
