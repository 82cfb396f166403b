/**
 * The plan's history in the designer: edits while typing are one revision, each revision says when and what made
 * it, shows what changed as a diff, can be named, and restored (as a new revision) into the designer.
 */
import { expect, test } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, DESIGNED_PLAN, editor, item, row, shot, waitSaved } from './designer-helpers.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

test('history: coalesced autosaves, a diff per revision, a named version, restore', async ({ page }) => {
  test.setTimeout(90_000);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const {
    result: { id },
  } = await call('plans.import', {
    text: JSON.stringify({ ...DESIGNED_PLAN, name: 'History' }),
    fileName: 'history.json',
  });
  await page.goto(`${ui.url}/#/plans/${id as string}`);

  // Two edits, each saved: one revision (2), not two.
  await row(page, 'GET Get user').click();
  const name = editor(page).getByRole('textbox', { name: 'Request name' });
  await name.fill('Get one user');
  await waitSaved(page);
  await name.fill('Fetch one user');
  await waitSaved(page);
  await expect(item(page, 'GET Fetch one user')).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan history' });
  const revisions = dialog.getByRole('list', { name: 'Revisions' }).getByRole('button');
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0)).toContainText(/Revision \d+ \(current\).*edited in the designer/);
  await expect(revisions.nth(1)).toContainText('Revision 1');
  await expect(revisions.nth(1)).toContainText('imported from history.json');
  const changes = dialog.getByRole('table', { name: 'Changes' });
  await expect(changes.locator('tr.diff-removed')).toContainText(['name: Get user']);
  await expect(changes.locator('tr.diff-added')).toContainText(['name: Fetch one user']);

  // Name revision 1, then restore it: a new revision, loaded into the designer.
  await revisions.nth(1).click();
  await dialog.getByLabel('Name').fill('before renaming');
  await dialog.getByRole('button', { name: 'Name this version' }).click();
  await expect(revisions.nth(1)).toContainText('before renaming');
  await dialog.getByRole('radio', { name: 'From it to now' }).click();
  await expect(changes.locator('tr.diff-added')).toContainText(['name: Fetch one user']);
  await shot(page, 'designer-history');
  await dialog.getByRole('button', { name: 'Restore revision 1' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Restored revision 1 as revision \d+\./);
  await expect(revisions).toHaveCount(3);
  await expect(revisions.nth(0)).toContainText('restored revision 1');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(item(page, 'GET Get user')).toBeVisible();
  type Stored = { scenarios: { default: { steps: { request?: { name: string } }[] } } };
  const names = ((await call('plans.get', { id })).result.document as Stored).scenarios.default.steps.flatMap((s) =>
    s.request ? [s.request.name] : [],
  );
  expect(names).toContain('Get user');
});
