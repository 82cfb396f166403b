/**
 * Typing fast into the request-body code editors keeps every key: the editor runs ahead of React, and its own
 * stale values coming back as props must not reset it (this once scrambled "password" into "paordsrnaepssod").
 */
import { expect, test } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, DESIGNED_PLAN, editor, monacoIn, row, waitSaved } from './designer-helpers.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

test('fast typing in the text and JSON body editors keeps every key', async ({ page }) => {
  test.setTimeout(90_000);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const {
    result: { id },
  } = await call('plans.create', { name: 'Typing' });
  await call('plans.save', { id, document: DESIGNED_PLAN });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);
  const bodyType = form.getByRole('group', { name: 'Body type' });
  const sections = form.getByRole('tablist', { name: 'Request sections' });

  await row(page, 'GET Get user').click();
  await sections.getByRole('tab', { name: 'Body' }).click();
  await bodyType.getByRole('radio', { name: 'Text' }).check();
  const text = await monacoIn(form);
  await text.locator('.view-lines').click();
  const words = 'password username password username';
  await page.keyboard.type(words, { delay: 5 });
  await expect(text.locator('.view-lines')).toHaveText(words);

  await row(page, 'GET List users').click();
  await sections.getByRole('tab', { name: 'Body' }).click();
  await bodyType.getByRole('radio', { name: 'JSON' }).check();
  const json = await monacoIn(form);
  await json.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Monaco closes brackets and quotes as they open and types over the closers: the text comes out as typed.
  const typed = '{"username": "ann", "password": "correct horse"}';
  await page.keyboard.type(typed, { delay: 5 });
  await expect(json.locator('.view-lines')).toHaveText(typed);
  await expect(form.getByText('Valid JSON')).toBeVisible();

  // What the store holds once autosave has caught up (the JSON is written after a short typing pause).
  type Stored = { scenarios: { default: { steps: { request?: { name: string; text?: string; json?: unknown } }[] } } };
  const body = async (name: string): Promise<unknown> => {
    const doc = (await call('plans.get', { id })).result.document as Stored;
    const req = doc.scenarios.default.steps.find((s) => s.request?.name === name)?.request;
    return req?.text ?? req?.json;
  };
  await expect
    .poll(() => body('List users'), { timeout: 10_000 })
    .toEqual({ username: 'ann', password: 'correct horse' });
  expect(await body('Get user')).toBe(words);
  await waitSaved(page);
});
