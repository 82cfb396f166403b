/**
 * The Try it panel follows the selection: another request shows its own last result (never the previous one's),
 * an error about a missing environment goes once one is picked, and the panel keeps the height the user gives it
 * (drag or arrow keys on its top edge), whatever tab is open. A check's last result is shown only while the check is
 * the one that was sent.
 */
import { expect, test } from '@playwright/test';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, closeFind, codeView, editor, findInMonaco, item, monacoIn, results, row } from './designer-helpers.ts';

let ui: RunningUi | undefined;
let target: TargetServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await target?.close();
  ui = undefined;
  target = undefined;
});

test('Try it results per request, stale errors dropped, a resizable panel of stable height', async ({ page }) => {
  test.setTimeout(90_000);
  target = await startTargetServer();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'Two requests',
    defaults: { baseUrl: '${env.BASE_URL}' },
    scenarios: {
      default: {
        executor: 'per-vu-iterations',
        steps: [{ request: { name: 'First', url: '/json' } }, { request: { name: 'Second', url: '/echo' } }],
      },
    },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Two requests' });
  await call('plans.save', { id, document });
  await call('environments.save', { name: 'local', variables: [{ name: 'BASE_URL', value: target.url }] });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const panel = results(page);

  await row(page, 'GET First').click();
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'None' });
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel.getByRole('alert')).toContainText('no environment is selected');
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'local' });
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel.getByRole('status', { name: 'Response status' })).toHaveText('200 OK');
  await expect(panel).toContainText('/json');
  await row(page, 'GET Second').click();
  await expect(panel).toContainText('No Try it result for this request yet');
  await expect(panel.getByRole('status', { name: 'Response status' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel).toContainText('/echo');
  await row(page, 'GET First').click();
  await expect(panel).toContainText('/json');

  const height = async (): Promise<number> => (await panel.boundingBox())?.height ?? 0;
  const before = await height();
  await panel.getByRole('separator', { name: 'Resize results' }).focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(height).toBeCloseTo(before + 80, -1);
  const resized = await height();
  for (const tab of ['Headers', 'Timings', 'Checks', 'Body']) {
    await panel.getByRole('tab', { name: tab }).click();
    expect(await height()).toBeCloseTo(resized, 0);
  }
});

test('the Query tab shows the parameters typed in the URL, moves them into its table and switches them off', async ({
  page,
}) => {
  test.setTimeout(60_000);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'Query',
    scenarios: {
      default: {
        executor: 'per-vu-iterations',
        steps: [{ request: { name: 'Search', url: 'http://127.0.0.1:9/search' } }],
      },
    },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Query' });
  await call('plans.save', { id, document });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  await row(page, 'GET Search').click();
  const form = page.getByRole('main', { name: 'Editor' });
  await form
    .getByRole('combobox', { name: 'URL', exact: true })
    .fill('http://127.0.0.1:9/search?q=load+test&page=${page}');
  await form.getByRole('tab', { name: /Query/ }).click();
  const inUrl = form.getByRole('region', { name: 'Parameters in the URL' });
  await expect(inUrl.getByRole('row')).toHaveText(['qload test', 'page${page}']);
  await inUrl.getByRole('button', { name: 'Move into the table' }).click();
  await expect(inUrl).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'URL', exact: true })).toHaveValue('http://127.0.0.1:9/search');
  await expect(form.getByRole('textbox', { name: 'Query parameters value of q' })).toHaveValue('load test');
  await expect(form.getByRole('textbox', { name: 'Query parameters value of page' })).toHaveValue('${page}');

  // A parameter switched off stays in the table (and the plan) but is not sent; renaming it keeps it off.
  await form.getByRole('checkbox', { name: 'Send page' }).uncheck();
  await form.getByRole('textbox', { name: 'Query parameters parameter' }).nth(1).fill('pg');
  await expect(form.getByRole('checkbox', { name: 'Send pg' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Send q' })).toBeChecked();
  type Stored = { scenarios: { default: { steps: { request: { query?: object; disabled?: object } }[] } } };
  const stored = async (): Promise<unknown> => {
    const { request } = ((await call('plans.get', { id })).result.document as Stored).scenarios.default.steps[0]!;
    return { query: request.query, disabled: request.disabled };
  };
  await expect
    .poll(stored, { timeout: 10_000 })
    .toEqual({ query: { q: 'load test', pg: '${page}' }, disabled: { query: ['pg'] } });
  await form.getByRole('checkbox', { name: 'Send pg' }).check();
  await expect
    .poll(stored, { timeout: 10_000 })
    .toEqual({ query: { q: 'load test', pg: '${page}' }, disabled: undefined });
});

test('a check edited after Validate says so, even when its request was not on screen then', async ({ page }) => {
  test.setTimeout(90_000);
  target = await startTargetServer();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'Edited after Validate',
    defaults: { baseUrl: '${env.BASE_URL}' },
    scenarios: {
      default: {
        executor: 'per-vu-iterations',
        steps: [
          { request: { name: 'First', url: '/json' } },
          { request: { name: 'Second', url: '/echo', checks: [{ status: 200, name: 'ok' }] } },
        ],
      },
    },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Edited after Validate' });
  await call('plans.save', { id, document });
  await call('environments.save', { name: 'local', variables: [{ name: 'BASE_URL', value: target.url }] });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'local' });

  // Validate with the scenario on screen: Second's editor is not there when its result arrives.
  await row(page, /^default, /).click();
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(results(page)).toContainText('Validated in');

  // Change the check in the YAML (same name, another status), then look at it: the result is not about it any more.
  await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Split' }).click();
  const yaml = await monacoIn(codeView(page));
  await expect(await findInMonaco(page, yaml, 'status: 200')).toHaveText('1 of 1');
  await closeFind(page, yaml);
  await page.keyboard.type('status: 500');
  await expect(item(page, 'GET Second')).toBeVisible();
  await row(page, 'GET Second').click();
  const form = editor(page);
  await form.getByRole('tab', { name: 'Checks' }).click();
  await expect(
    form.getByRole('group', { name: 'Check 1: Status' }).getByRole('spinbutton', { name: 'Status code' }),
  ).toHaveValue('500');
  await expect(form.getByRole('group', { name: 'Check 1: Status' })).toContainText('Changed since the last Try');

  // Undone, it is the check that was sent again, and its result shows.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(
    form.getByRole('group', { name: 'Check 1: Status' }).getByRole('spinbutton', { name: 'Status code' }),
  ).toHaveValue('200');
  await expect(form.getByRole('group', { name: 'Check 1: Status' })).toContainText('Passed in the last Try');
});
