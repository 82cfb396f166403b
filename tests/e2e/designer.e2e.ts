/**
 * The plan designer end to end, in the browser against the bundled demo server:
 * 1. build the demo plan from a blank plan by clicking and typing only (a JSON login whose token is extracted and
 *    reused as bearer auth, a think time, a JSON-path extraction reused in the next URL, a threshold, a ramping-vus
 *    profile), Try it and Validate it, export it and run the exported file with `loadsmith run`;
 * 2. the YAML view and the form edit the same plan both ways, undo reverts, and the load-profile preview follows
 *    the stages.
 * Screenshots of the main screens go to test-results/screenshots/ (and docs/screenshots/ for reviewers).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import {
  addStep,
  api,
  closeFind,
  codeView,
  createEnvironment,
  DESIGNED_PLAN,
  editor,
  findInMonaco,
  item,
  loadsmith,
  monacoIn,
  pasteIntoMonaco,
  results,
  row,
  shot,
  waitSaved,
} from './designer-helpers.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});
test.use({ viewport: { width: 1440, height: 900 } });

test('build the demo plan by clicking, try it, validate it, export it and run the file', async ({ page }) => {
  test.setTimeout(120_000);
  demo = await startDemoServer({ port: 0 });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  await createEnvironment(page, 'demo', { BASE_URL: demo.url });

  // A blank plan, opened from the library.
  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByRole('textbox', { name: 'Plan name' }).fill('Demo by clicking');
  await page.getByRole('radio', { name: 'Blank' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/plans\/[^/]+$/); // the new plan opens in the designer
  await page.getByRole('link', { name: 'Plans' }).click();
  const plans = page.getByRole('table', { name: 'Plans' });
  await expect(plans.getByRole('link', { name: 'Demo by clicking' })).toBeVisible();
  await shot(page, '01-plan-library');
  await plans.getByRole('link', { name: 'Demo by clicking' }).click();
  await expect(page).toHaveURL(/#\/plans\/[^/]+$/);
  await expect(page.getByRole('tree', { name: 'Plan' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Form' })).toHaveAttribute('aria-checked', 'true');
  const form = editor(page);

  // Defaults: the base URL from the environment, and the token the login extracts as bearer auth ("Token <t>").
  await row(page, 'Defaults').click();
  await form.getByRole('combobox', { name: 'Base URL' }).fill('${env.BASE_URL}');
  await form.getByRole('combobox', { name: 'Authentication type' }).selectOption({ label: 'Bearer token' });
  await form.getByRole('combobox', { name: 'Token' }).fill('${token}');
  await form.getByRole('textbox', { name: 'Scheme' }).fill('Token');
  // HTTP/1.1 pipelining: the run below (app and CLI) sends two requests per connection.
  await form.getByRole('spinbutton', { name: 'HTTP/1.1 pipelining (requests per connection)' }).fill('2');

  // The scenario: ramping-vus, 2s up to 3 VUs, 2s down to 0.
  await row(page, /^default, /).click();
  await expect(form.getByRole('heading', { name: 'Scenario default' })).toBeVisible();
  await form.getByRole('combobox', { name: 'Executor' }).selectOption('ramping-vus');
  await form.getByRole('spinbutton', { name: 'Start VUs' }).fill('0');
  await form.getByRole('textbox', { name: 'Stage 1 duration' }).fill('2s');
  await form.getByRole('spinbutton', { name: 'Stage 1 target vus' }).fill('3');
  await form.getByRole('textbox', { name: 'Stage 2 duration' }).fill('2s');
  await form.getByRole('spinbutton', { name: 'Stage 2 target vus' }).fill('0');
  await expect(item(page, /^default, ramping-vus up to 3 VUs/)).toBeVisible();

  // The blank plan's request goes: the plan is built from scratch.
  await item(page, 'GET Home')
    .locator(':scope > .tree-row')
    .getByRole('button', { name: 'Actions for GET Home' })
    .click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  await expect(item(page, 'GET Home')).toHaveCount(0);

  // 1. Log in: POST a JSON body, no auth, status 200, extract the token.
  await addStep(page, /^default, /, 'default', 'Request');
  await expect(item(page, 'GET New request')).toHaveAttribute('aria-selected', 'true');
  await form.getByRole('textbox', { name: 'Request name' }).fill('Log in');
  await form.getByRole('combobox', { name: 'Method', exact: true }).selectOption('POST');
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/v3/auth/login');
  await expect(item(page, 'POST Log in')).toHaveAttribute('aria-selected', 'true');
  const sections = form.getByRole('tablist', { name: 'Request sections' });
  await sections.getByRole('tab', { name: 'Body' }).click();
  await form.getByRole('group', { name: 'Body type' }).getByRole('radio', { name: 'JSON' }).check();
  const jsonBody = await monacoIn(form);
  await pasteIntoMonaco(page, jsonBody, '{"username": "user${vu}", "password": "demo"}');
  await expect(jsonBody.locator('.view-lines')).toHaveText('{"username": "user${vu}", "password": "demo"}');
  await expect(form.getByText('Valid JSON')).toBeVisible();
  await sections.getByRole('tab', { name: 'Auth' }).click(); // leaving the body editor writes it at once
  await form.getByRole('group', { name: 'Authentication' }).getByRole('radio', { name: 'None', exact: true }).check();
  await sections.getByRole('tab', { name: 'Checks' }).click();
  await expect(form.getByRole('group', { name: 'Check 1: Status' })).toBeVisible(); // a new request checks for 200
  await expect(
    form.getByRole('group', { name: 'Check 1: Status' }).getByRole('spinbutton', { name: 'Status code' }),
  ).toHaveValue('200');
  await sections.getByRole('tab', { name: 'Extract' }).click();
  await form.getByRole('button', { name: 'Add extraction' }).click();
  await form.getByRole('textbox', { name: 'Extraction 1 variable' }).fill('token');
  await form.getByRole('textbox', { name: 'Extraction 1 variable' }).press('Enter');
  await expect(form.getByRole('combobox', { name: 'Extraction 1 source' })).toHaveValue('jsonPath');
  await form.getByRole('textbox', { name: 'Extraction 1 JSON path' }).fill('$.token');

  // A think time of 200ms.
  await addStep(page, /^default, /, 'default', 'Think time');
  await expect(item(page, 'Think 1s')).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByRole('group', { name: 'Pause' }).getByRole('radio', { name: 'Fixed' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Pause duration' }).fill('200ms');
  await expect(item(page, 'Think 200ms')).toBeVisible();

  // 2. List users: bearer auth with the extracted token, status 200, extract the first user's id.
  await addStep(page, /^default, /, 'default', 'Request');
  await form.getByRole('textbox', { name: 'Request name' }).fill('List users');
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/v3/users');
  await sections.getByRole('tab', { name: 'Auth' }).click();
  await form.getByRole('group', { name: 'Authentication' }).getByRole('radio', { name: 'Bearer token' }).check();
  await form.getByLabel('Token', { exact: true }).fill('${token}');
  await form.getByRole('textbox', { name: 'Scheme' }).fill('Token');
  await sections.getByRole('tab', { name: 'Checks' }).click();
  await expect(
    form.getByRole('group', { name: 'Check 1: Status' }).getByRole('spinbutton', { name: 'Status code' }),
  ).toHaveValue('200');
  await sections.getByRole('tab', { name: 'Extract' }).click();
  await form.getByRole('button', { name: 'Add extraction' }).click();
  await form.getByRole('textbox', { name: 'Extraction 1 variable' }).fill('userId');
  await form.getByRole('textbox', { name: 'Extraction 1 variable' }).press('Enter');
  await form.getByRole('textbox', { name: 'Extraction 1 JSON path' }).fill('$.results[0].id');

  // 3. Get user: the extracted id in the URL, the default (bearer) auth, status 200.
  await addStep(page, /^default, /, 'default', 'Request');
  await form.getByRole('textbox', { name: 'Request name' }).fill('Get user');
  await form.getByRole('combobox', { name: 'URL', exact: true }).fill('/v3/users/${userId}');
  await sections.getByRole('tab', { name: 'Auth' }).click();
  await expect(
    form.getByRole('group', { name: 'Authentication' }).getByRole('radio', { name: 'Inherit from plan defaults' }),
  ).toBeChecked();
  await expect(form.getByText('Sends the bearer token of the plan defaults.')).toBeVisible();

  // A threshold: http_req_duration p(95)<500.
  await row(page, 'Thresholds').click();
  await form.getByRole('combobox', { name: 'New threshold metric' }).selectOption('http_req_duration');
  await form.getByRole('button', { name: 'Add threshold' }).click();
  const threshold = form.getByRole('group', { name: 'http_req_duration' });
  await expect(threshold.getByRole('textbox', { name: 'Expression 1 of http_req_duration' })).toHaveValue('p(95)<500');

  const steps = item(page, /^default, /).locator(':scope > [role=group] > [role=treeitem]');
  await expect(steps).toHaveText([/Log in/, /200ms/, /List users/, /Get user/]);
  await expect(steps.nth(0)).toHaveAttribute('aria-label', 'POST Log in');
  await expect(page.getByRole('status', { name: 'Plan validity' })).toHaveText('Valid');
  await waitSaved(page);

  // Try it against the demo server: Log in (its token is carried over), then List users.
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'demo' });
  await row(page, 'POST Log in').click();
  await sections.getByRole('tab', { name: 'Body' }).click();
  await shot(page, '02-designer-request-form');
  const res = results(page);
  await page.getByRole('button', { name: 'Try it' }).click();
  const response = res.getByRole('region', { name: 'Response' });
  await expect(response.getByRole('status', { name: 'Response status' })).toHaveText('200 OK');
  await expect(res.getByText(/Variables from the last run: token/)).toBeVisible();

  await row(page, 'GET List users').click();
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(response.getByRole('status', { name: 'Response status' })).toHaveText('200 OK');
  await expect(response).toContainText('/v3/users');
  await response.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: 'Extracted' }).click();
  await expect(response.getByRole('list', { name: 'Extracted values' }).getByRole('listitem')).toHaveText([
    /userId\s*=\s*1\b/,
  ]);
  await response.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: 'Checks' }).click();
  await expect(response.getByRole('list', { name: 'Check results' }).getByRole('listitem')).toHaveText([
    /Passed:\s*status is 200/,
  ]);
  // The request's own Checks tab shows the live result of each check.
  await sections.getByRole('tab', { name: 'Checks' }).click();
  await expect(form.getByRole('group', { name: 'Check 1: Status' })).toContainText('Passed in the last Try');
  await shot(page, '03-try-it-checks');

  // Validate: one iteration, the three requests in order, each 200.
  await page.getByRole('button', { name: 'Validate' }).click();
  const validation = res.getByRole('list', { name: 'Validation steps' }).getByRole('listitem');
  await expect(validation).toHaveText([/Log in\s*200/, /List users\s*200/, /Get user\s*200/]);
  await expect(res).toContainText(/3 requests, 3 of 3 checks passed/);
  await shot(page, '04-validate-inspector');

  // Export (after the autosave) and run the exported file.
  await waitSaved(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Plan as YAML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('demo-by-clicking.yaml');
  const text = await readFile(await file.path(), 'utf8');
  // Exported without secrets: the password typed into the login body leaves as an environment reference.
  const exportedPlan = structuredClone(DESIGNED_PLAN);
  (exportedPlan.scenarios.default.steps[0] as { request: { json: { password: string } } }).request.json.password =
    '${env.PASSWORD}';
  expect(parse(text)).toEqual(exportedPlan);
  const dir = await mkdtemp(join(tmpdir(), 'loadsmith-export-'));
  const exported = join(dir, file.suggestedFilename());
  await writeFile(exported, text);
  // `loadsmith run` on the exported file, while the app runs the same plan (the run list below).
  const cli = loadsmith([
    'run',
    exported,
    '--env',
    `BASE_URL=${demo.url}`,
    '--env',
    'PASSWORD=demo',
    '-q',
    '--no-color',
  ]);
  cli.catch(() => undefined); // awaited below; this only keeps an early failure above from leaving it unhandled

  await page.getByRole('link', { name: 'Runs' }).click();
  await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Demo by clicking' });
  await page.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'demo' });
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('heading', { name: 'Run of Demo by clicking' })).toBeVisible(); // the live dashboard
  await page.getByRole('link', { name: 'Runs' }).click();
  const runRow = page
    .getByRole('table', { name: 'Runs' })
    .getByRole('row', { name: /Demo by clicking/ })
    .first();
  await expect(runRow).toContainText(/passed/i, { timeout: 30_000 });
  await expect(runRow).toContainText('1 ✓'); // the threshold passed

  const run = await cli;
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toMatch(/✓ 'p\(95\)<500'/);
  expect(run.stdout).toMatch(/PASSED/);
  expect(run.stdout).toMatch(/Log in\s+\d+/);
  expect(run.stdout).toMatch(/Get user\s+\d+/);
  await shot(page, '07-run-list');
});

test('YAML and form edit the same plan both ways, undo reverts, the load profile follows the stages', async ({
  page,
}) => {
  test.setTimeout(90_000);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const {
    result: { id },
  } = await call('plans.create', { name: DESIGNED_PLAN.name });
  await call('plans.save', { id, document: DESIGNED_PLAN });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  await expect(page.getByRole('tree', { name: 'Plan' })).toBeVisible();
  const form = editor(page);

  // Split view: the plan as YAML beside the form.
  await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Split' }).click();
  const yaml = await monacoIn(codeView(page));
  await expect(codeView(page).getByRole('textbox', { name: 'Plan YAML editor' })).toBeAttached();
  await expect(codeView(page).getByRole('region', { name: 'YAML problems' })).toContainText('No problems.');

  // YAML -> tree: rename a request in the text (find it, type over it); the tree follows after the typing pause.
  await expect(await findInMonaco(page, yaml, 'name: Get user')).toHaveText('1 of 1');
  await closeFind(page, yaml);
  await page.keyboard.type('name: Get one user');
  await expect(item(page, 'GET Get one user')).toBeVisible();
  await expect(item(page, 'GET Get user')).toHaveCount(0);

  // Form -> YAML: rename another request in the form; the text follows.
  await row(page, 'GET List users').click();
  await form.getByRole('textbox', { name: 'Request name' }).fill('List all users');
  await expect(item(page, 'GET List all users')).toBeVisible();
  await expect(await findInMonaco(page, yaml, 'name: List all users')).toHaveText('1 of 1');
  await closeFind(page, yaml);

  // Undo: the form's rename goes, then the YAML's; the tree, the form and the text all show it.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(item(page, 'GET List users')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Request name' })).toHaveValue('List users');
  await expect(await findInMonaco(page, yaml, 'name: List all users')).toHaveText('No results');
  await closeFind(page, yaml);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(item(page, 'GET Get user')).toBeVisible();
  await expect(item(page, 'GET Get one user')).toHaveCount(0);
  await expect(await findInMonaco(page, yaml, 'name: Get user')).toHaveText('1 of 1');
  await closeFind(page, yaml);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(item(page, 'GET Get one user')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'YAML' }).click();
  await expect(form).toHaveCount(0);
  await expect(codeView(page).getByRole('region', { name: 'YAML problems' })).toContainText('No problems.');
  await waitSaved(page);
  await shot(page, '05-yaml-view');

  // The load profile of the scenario: peak 3 VUs at 2s, the end at 4s; it follows the stages as they change.
  await page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Form' }).click();
  await row(page, /^default, /).click();
  await expect(form.getByRole('heading', { name: 'Scenario default' })).toBeVisible();
  const profile = form.getByRole('figure', { name: 'Load profile' });
  await expect(profile.locator('figcaption')).toHaveText('Peak 3 VUs at 2s; ends at 4s');
  await profile.getByText('Load profile as a table').click();
  const table = profile.getByRole('table');
  await expect(table.getByRole('row', { name: /^default/ })).toContainText(/ramping-vus\s*0s\s*4s\s*3 VUs/);
  await expect(profile.locator('canvas, svg').first()).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await shot(page, '06-load-profile');
  await form.getByRole('spinbutton', { name: 'Stage 1 target vus' }).fill('5');
  await form.getByRole('textbox', { name: 'Stage 2 duration' }).fill('3s');
  await expect(profile.locator('figcaption')).toHaveText('Peak 5 VUs at 2s; ends at 5s');
  await expect(table.getByRole('row', { name: /^default/ })).toContainText(/ramping-vus\s*0s\s*5s\s*5 VUs/);
  await expect(item(page, /^default, ramping-vus up to 5 VUs/)).toBeVisible();
  await page.getByRole('button', { name: 'Add stage' }).click();
  await expect(form.getByRole('textbox', { name: 'Stage 3 duration' })).toHaveValue('10s');
  await form.getByRole('spinbutton', { name: 'Stage 3 target vus' }).fill('2');
  await expect(profile.locator('figcaption')).toHaveText('Peak 5 VUs at 2s; ends at 15s');
  await page.getByRole('button', { name: 'Undo' }).click(); // the target
  await page.getByRole('button', { name: 'Undo' }).click(); // the stage
  await expect(form.getByRole('textbox', { name: 'Stage 3 duration' })).toHaveCount(0);
  await expect(profile.locator('figcaption')).toHaveText('Peak 5 VUs at 2s; ends at 5s');

  // What the designer stored is the edited plan.
  await waitSaved(page);
  const stored = (await call('plans.get', { id })).result.document as typeof DESIGNED_PLAN;
  expect(stored.scenarios.default.stages).toEqual([
    { duration: '2s', target: 5 },
    { duration: '3s', target: 0 },
  ]);
  expect(stored.scenarios.default.steps.map((s) => s.request?.name ?? 'think')).toEqual([
    'Log in',
    'think',
    'List users',
    'Get one user',
  ]);
});
