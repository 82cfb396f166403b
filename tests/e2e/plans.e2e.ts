/**
 * The plan library in the browser: create, rename, export, import the export back, restart the server on the
 * same data directory and find everything still there.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

test('create, rename, export, import back, and find it all after a restart', async ({ page }) => {
  const dataDir = await newDataDir();
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(/Connected/);

  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByRole('textbox', { name: 'Plan name' }).fill('Checkout API');
  await page.getByRole('button', { name: 'Create' }).click();
  // A new plan opens in the designer, to be designed.
  await expect(page).toHaveURL(/#\/plans\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Checkout API', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '← Plan library' }).click();
  const plans = page.getByRole('table', { name: 'Plans' });
  await expect(plans.getByRole('row', { name: /Checkout API/ })).toBeVisible();

  await plans
    .getByRole('row', { name: /Checkout API/ })
    .getByRole('button', { name: 'Rename' })
    .click();
  await page.getByRole('textbox', { name: 'New name' }).fill('Checkout API v2');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = plans.getByRole('row', { name: /Checkout API v2/ });
  await expect(row).toBeVisible();

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Plan as YAML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('checkout-api-v2.yaml');
  const exported = await readFile(await file.path(), 'utf8');
  expect(exported).toMatch(/^version: 1$/m);
  expect(exported).toMatch(/^name: Checkout API v2$/m);

  // Import it back through the import dialog: a plan file previews as such, and opens in the designer once created.
  const importDialog = page.getByRole('dialog', { name: 'Import a plan' });
  const importFile = async (name: string, text: string): Promise<void> => {
    await page.getByRole('button', { name: 'Import…' }).click();
    await importDialog
      .getByLabel('File to import')
      .setInputFiles({ name, mimeType: 'application/yaml', buffer: Buffer.from(text) });
  };
  await importFile('copy.yaml', exported.replace('name: Checkout API v2', 'name: Imported copy'));
  await importDialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported copy' })).toBeVisible();
  await page.getByRole('link', { name: '← Plan library' }).click();
  await expect(plans.getByRole('row', { name: /Imported copy/ })).toBeVisible();

  // An invalid file is refused with its problems located.
  await importFile('bad.yaml', 'version: 1\nname: bad\nscenarios:\n  s:\n    executor: constant-vu\n');
  const alert = importDialog.getByRole('alert');
  await expect(alert).toContainText('bad.yaml');
  await expect(alert).toContainText(/5:\s*15/);
  await expect(importDialog.getByRole('button', { name: 'Create plan' })).toBeDisabled();
  await importDialog.getByRole('button', { name: 'Cancel' }).click();

  await ui.stop();
  ui = await startUi(dataDir);
  await page.goto(ui.loginUrl);
  await expect(plans.getByRole('row', { name: /Checkout API v2/ })).toBeVisible();
  await expect(plans.getByRole('row', { name: /Imported copy/ })).toBeVisible();
  await expect(plans.getByRole('row')).toHaveCount(3); // header + two plans
});

test('pages are not reachable without the login link', async ({ page }) => {
  ui = await startUi(await newDataDir());
  const res = await page.goto(ui.url);
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('button', { name: 'New plan' })).toHaveCount(0);
});
