/**
 * Typing in the YAML view: Enter ends the line and never accepts a completion over a complete value (the
 * completion list offered `500ms` as a fuzzy match of `5s`, and Enter made the timeout ten times shorter), and
 * opening the YAML and Split views, completing and opening the context menu throw no page errors.
 */
import { expect, test } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, closeFind, DESIGNED_PLAN, findInMonaco, monacoIn, codeView, waitSaved } from './designer-helpers.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

test('Enter keeps the value typed in YAML, and the code views throw no page errors', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const {
    result: { id },
  } = await call('plans.create', { name: 'Typing YAML' });
  await call('plans.save', { id, document: DESIGNED_PLAN });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  await page.getByRole('radio', { name: 'YAML' }).click();
  const yaml = await monacoIn(codeView(page));

  // Under "name: Get user", as a user types it: the key, its value, Enter; then the next key.
  await expect(await findInMonaco(page, yaml, 'name: Get user')).toHaveText('1 of 1');
  await closeFind(page, yaml);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('timeout: 5s', { delay: 30 });
  await page.waitForTimeout(300); // the completion list, if any, is open now
  await page.keyboard.press('Enter');
  await page.keyboard.type('maxRedirects: 3', { delay: 30 });
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');

  type Stored = {
    scenarios: { default: { steps: { request?: { name: string; timeout?: unknown; maxRedirects?: unknown } }[] } };
  };
  const getUser = async () =>
    ((await call('plans.get', { id })).result.document as Stored).scenarios.default.steps.find(
      (s) => s.request?.name === 'Get user',
    )?.request;
  await expect.poll(async () => (await getUser())?.maxRedirects, { timeout: 10_000 }).toBe(3);
  expect((await getUser())?.timeout).toBe('5s');
  await waitSaved(page);

  // Completion still works where it is asked for: Ctrl+Space, then Tab accepts.
  await page.keyboard.type('expectedStat', { delay: 30 });
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(yaml.locator('.suggest-widget.visible')).toContainText('expectedStatuses');
  await page.keyboard.press('Tab');
  await expect(yaml.locator('.view-lines')).toContainText('expectedStatuses');
  await page.keyboard.press('ControlOrMeta+Z');
  // The other views open cleanly.
  await yaml.locator('.view-lines').click({ button: 'right' });
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Split' }).click();
  await monacoIn(codeView(page));
  await page.getByRole('radio', { name: 'Form' }).click();
  expect(errors).toEqual([]);
});
