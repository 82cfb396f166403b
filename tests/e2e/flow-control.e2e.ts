/**
 * Flow control built by clicking: a polling loop (while, with its max) and a weighted choice, added from the
 * tree's menus and filled in their editors (the condition completed as it is typed); a step dragged into a
 * branch. Validate then shows what flow control decided (the loop's passes, the branch drawn) against a real
 * server that counts the polls, and the YAML view holds exactly the plan the designer stored, both ways.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import {
  api,
  codeView,
  editor,
  item,
  monacoIn,
  pasteIntoMonaco,
  results,
  row,
  shot,
  waitSaved,
} from './designer-helpers.ts';

let ui: RunningUi | undefined;
let server: Server | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  ui = undefined;
  server = undefined;
});

/** A job API: POST /jobs starts a job, GET /jobs/ID answers 202 twice, then 200. Counts what it receives. */
async function jobServer(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const polls = new Map<string, number>();
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(`${req.method} ${path}`);
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && path === '/jobs') {
      res.end(JSON.stringify({ id: 'j1' }));
      return;
    }
    const job = /^\/jobs\/(\w+)$/.exec(path)?.[1];
    if (job) {
      const n = (polls.get(job) ?? 0) + 1;
      polls.set(job, n);
      res.statusCode = n < 3 ? 202 : 200;
      res.end(JSON.stringify({ state: n < 3 ? 'running' : 'done' }));
      return;
    }
    res.end('{}');
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function addToTree(page: Page, parent: string | RegExp, parentName: string, kind: string): Promise<void> {
  await row(page, parent)
    .getByRole('button', { name: `Add to ${parentName}` })
    .click();
  await page
    .getByRole('menu', { name: `Add to ${parentName}` })
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

test('a polling loop and a weighted choice by clicking, traced by Validate, the same in YAML', async ({ page }) => {
  test.setTimeout(150_000);
  const target = await jobServer();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const start = {
    request: { name: 'Start job', method: 'POST', url: '/jobs', extract: { job: { jsonPath: '$.id' } } },
  };
  const document = {
    version: 1,
    name: 'Jobs',
    defaults: { baseUrl: '${env.BASE_URL}' },
    scenarios: { default: { executor: 'per-vu-iterations', steps: [start] } },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Jobs' });
  await call('plans.save', { id, document });
  await call('environments.save', { name: 'local', variables: [{ name: 'BASE_URL', value: target.url }] });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);
  const scenario = /^default, /;

  // The polling loop: While from the scenario's menu, its condition completed as typed, its max.
  await addToTree(page, scenario, 'default', 'While');
  await expect(form.getByRole('heading', { name: 'While' })).toBeVisible();
  const condition = form.getByRole('combobox', { name: 'Condition' });
  await condition.fill('');
  await condition.pressSequentially('sta', { delay: 30 });
  const names = form.getByRole('listbox', { name: 'Names for Condition' });
  await expect(names.getByRole('option').first()).toContainText('status');
  await shot(page, 'flow-control-condition');
  await page.keyboard.press('Enter');
  await expect(condition).toHaveValue('status()');
  // Until the poll has answered 200: status('Poll') is 0 before the first poll, so the loop starts.
  await condition.press('ArrowLeft');
  await condition.pressSequentially("'Poll'", { delay: 20 });
  await condition.press('End');
  await condition.pressSequentially(' != 200', { delay: 20 });
  await form.getByRole('spinbutton', { name: 'Most passes (required)' }).fill('5');
  // A condition the validator refuses says so under the field, located.
  await condition.press('End');
  await condition.pressSequentially(' && nope', { delay: 20 });
  await expect(form.getByText("'nope' is neither a plan variable nor extracted by a request")).toBeVisible();
  for (let i = 0; i < ' && nope'.length; i++) await condition.press('Backspace');
  await expect(form.getByText(/'nope' is neither/)).toHaveCount(0);
  await expect(item(page, /^while status\('Poll'\) != 200 \(max 5\)/)).toBeVisible();

  // The poll request inside the loop: its URL reads the job extracted before the loop; no status check (202 is fine).
  await row(page, 'GET Poll').click();
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/jobs/${job}');
  await form.getByRole('tab', { name: /Checks/ }).click();
  await form.getByRole('button', { name: 'Remove check 1' }).click();

  // The weighted choice: two branches with their requests, a weight changed, a think step dragged into a branch.
  await addToTree(page, scenario, 'default', 'Weighted choice');
  await expect(form.getByRole('heading', { name: 'Weighted choice' })).toBeVisible();
  await form.getByRole('spinbutton', { name: 'Branch 1 weight' }).fill('60');
  await form.getByRole('spinbutton', { name: 'Branch 2 weight' }).fill('40');
  await expect(row(page, /^browse of Weighted choice/)).toContainText('weight 60 (60 %)');
  await shot(page, 'flow-control-weighted');
  await row(page, 'GET Browse').click();
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/products');
  await row(page, 'GET Buy').click();
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/orders');
  await addToTree(page, scenario, 'default', 'Think time');
  await row(page, 'Think 1s').dragTo(row(page, /^buy of Weighted choice/));
  await expect(item(page, /^buy of Weighted choice/).getByRole('treeitem', { name: 'Think 1s' })).toBeVisible();
  await waitSaved(page);
  await shot(page, 'flow-control-tree');
  // The load profile cannot know how many polls a run makes: it says so, and why, instead of a number.
  await row(page, scenario).click();
  await expect(form.getByText('Total: unknown number of requests', { exact: true })).toBeVisible();
  await expect(form).toContainText('the passes of the while depend on the responses (at most 5) (steps[1])');

  // Validate: the loop's passes and the branch drawn head the requests they ran.
  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'local' });
  await page.getByRole('button', { name: 'Validate' }).click();
  const panel = results(page);
  const list = panel.getByRole('list', { name: 'Validation steps' });
  await expect(list.getByRole('button', { name: /^While: 3 passes/ })).toBeVisible();
  await expect(
    list.getByRole('button', { name: /^Weighted choice: branch [12] '(browse|buy)' drawn \(weight [46]0 of 100\)/ }),
  ).toBeVisible();
  for (const pass of [1, 2, 3])
    await expect(list.getByRole('button', { name: new RegExp(`Poll · pass ${pass}`) })).toBeVisible();
  await expect(panel).toContainText('flow control decisions');
  expect(target.seen.filter((s) => s === 'GET /jobs/j1')).toHaveLength(3);
  expect(target.seen.filter((s) => s === 'GET /products' || s === 'GET /orders')).toHaveLength(1);
  await shot(page, 'flow-control-validate');
  // A decision opens its step.
  await list.getByRole('button', { name: /^While: 3 passes/ }).click();
  await expect(form.getByRole('heading', { name: 'While' })).toBeVisible();

  // The YAML view shows exactly the stored plan; a change typed there comes back as a document and into the tree.
  type Stored = { scenarios: { default: { steps: unknown[] } } };
  const stored = async (): Promise<Stored> => (await call('plans.get', { id })).result.document as Stored;
  const saved = await stored();
  expect(saved.scenarios.default.steps).toEqual([
    start,
    {
      while: {
        condition: "status('Poll') != 200",
        max: 5,
        steps: [{ request: { name: 'Poll', method: 'GET', url: '/jobs/${job}', checks: [] } }],
      },
    },
    {
      randomSwitch: [
        {
          weight: 60,
          name: 'browse',
          steps: [{ request: { name: 'Browse', method: 'GET', url: '/products', checks: [{ status: 200 }] } }],
        },
        {
          weight: 40,
          name: 'buy',
          steps: [
            { request: { name: 'Buy', method: 'GET', url: '/orders', checks: [{ status: 200 }] } },
            { think: '1s' },
          ],
        },
      ],
    },
  ]);
  await page.getByRole('radio', { name: 'YAML' }).click();
  const yaml = await monacoIn(codeView(page));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await yaml.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const text = (await page.evaluate('navigator.clipboard.readText()')) as string;
  expect(parse(text)).toEqual(saved);
  await pasteIntoMonaco(page, yaml, text.replace('max: 5', 'max: 7').replace('weight: 40', 'weight: 20'));
  await expect
    .poll(async () => JSON.stringify((await stored()).scenarios.default.steps.slice(1)), { timeout: 15_000 })
    .toBe(
      JSON.stringify(
        parse(text.replace('max: 5', 'max: 7').replace('weight: 40', 'weight: 20')).scenarios.default.steps.slice(1),
      ),
    );
  await page.getByRole('radio', { name: 'Form' }).click();
  await expect(item(page, /^while status\('Poll'\) != 200 \(max 7\)/)).toBeVisible();
  await expect(row(page, /^buy of Weighted choice/)).toContainText('weight 20 (25 %)');
});

test("setup's data, an if's else, once and forEach in the Validate trace; an else added in its editor", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const target = await jobServer();
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const R = (name: string, url: string, more: object = {}) => ({ request: { name, url, ...more } });
  const document = {
    version: 1,
    name: 'Hooks',
    defaults: { baseUrl: '${env.BASE_URL}' },
    setup: { steps: [R('Get token', '/jobs', { method: 'POST', extract: { token: { jsonPath: '$.id' } } })] },
    scenarios: {
      default: {
        executor: 'per-vu-iterations',
        steps: [
          { once: { steps: [R('Log in', '/login?t=${token}')] } },
          { if: { condition: "token == 'nope'", then: [R('Never', '/never')] } },
          { forEach: { in: 'ids', as: 'id', steps: [R('Item', '/items/${id}')] } },
        ],
      },
    },
    variables: { ids: ['a', 'b'] },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Hooks' });
  await call('plans.save', { id, document });
  await call('environments.save', { name: 'local', variables: [{ name: 'BASE_URL', value: target.url }] });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);

  await expect(row(page, /^Setup, once per run/)).toBeVisible();
  await row(page, /^If token == 'nope'/).click();
  await expect(form.getByText('Nothing runs when the condition is false.')).toBeVisible();
  await form.getByRole('button', { name: 'Add else steps' }).click();
  await expect(item(page, /^else of If/).getByRole('treeitem', { name: 'GET New request' })).toBeVisible();
  await row(page, 'GET New request').click();
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/else');
  await waitSaved(page);

  await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'local' });
  await page.getByRole('button', { name: 'Validate' }).click();
  const panel = results(page);
  const list = panel.getByRole('list', { name: 'Validation steps' });
  await expect(list.getByRole('button', { name: /^If: condition false: else/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Once per VU: ran/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^For each: 2 passes/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^\(setup\) › Get token/ })).toBeVisible();
  await panel.getByText("Setup's data, read by every VU:").click();
  await expect(panel.getByRole('table', { name: "Setup's data" })).toContainText('j1');
  expect(target.seen).toEqual(['POST /jobs', 'GET /login', 'GET /else', 'GET /items/a', 'GET /items/b']);
  await shot(page, 'flow-control-setup-validate');
});
