/**
 * A threshold's tag filters in the designer: a value is written into the key when the field is left (typing does
 * not rename the key at every keystroke), and when the key changes under the form (undo) the fields show it again.
 */
import { expect, test } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, editor, row } from './designer-helpers.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

test('a tag filter value is written on leaving the field, and follows undo', async ({ page }) => {
  test.setTimeout(60_000);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'Thresholds',
    defaults: { baseUrl: 'http://127.0.0.1:9' },
    scenarios: { default: { executor: 'per-vu-iterations', steps: [{ request: { name: 'Home', url: '/' } }] } },
    thresholds: { 'http_req_duration{scenario:default}': ['p(95)<500'] },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Thresholds' });
  await call('plans.save', { id, document });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  await row(page, 'Thresholds').click();
  const form = editor(page);

  const value = form.getByRole('combobox', { name: 'Value of filter 1 (scenario)' });
  await expect(value).toHaveValue('default');
  await value.fill('checkout');
  // Typed, not yet written: the key is the same, the field keeps the text.
  await expect(form.getByRole('group', { name: 'http_req_duration{scenario:default}' })).toBeVisible();
  await expect(value).toHaveValue('checkout');
  await value.press('Enter');
  await expect(form.getByRole('group', { name: 'http_req_duration{scenario:checkout}' })).toBeVisible();
  await expect(value).toHaveValue('checkout');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(form.getByRole('group', { name: 'http_req_duration{scenario:default}' })).toBeVisible();
  await expect(value).toHaveValue('default');
});
