/**
 * The recorder in the browser UI, against the local test shop (HTTPS with its own certificate, a CSRF login form,
 * a session cookie, a JSON API with a bearer token): a recording started from the UI, a second Chromium browsing
 * through its proxy while the capture list fills live, the entry pane's redaction, filters, conversion with the
 * CSRF and token correlations shown and accepted, the plan opened in the designer and run with `loadsmith run`
 * (every check passes), the same plan without correlations failing at login, HAR export redacted by default and
 * imported back, and "Open browser" recording its start page.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PASSWORD, startRecorderSite, type RecorderSite } from '../fixtures/recorder-site/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { shot } from './designer-helpers.ts';
import {
  bigHar,
  downloadText,
  entries,
  entryId,
  entryRow,
  groupHar,
  openShop,
  proxiedChromium,
  runPlanFile,
  signInAndOrder,
} from './recorder-e2e-helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let site: RecorderSite;
let ui: RunningUi;
let page: Page;
let shop: Browser | undefined;
let work: string;
let planYaml = '';

test.beforeAll(async ({ browser }) => {
  site = await startRecorderSite();
  ui = await startUi(await newDataDir());
  work = await mkdtemp(join(tmpdir(), 'loadsmith-recorder-e2e-'));
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(ui.loginUrl);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(/Connected/);
});

test.afterAll(async () => {
  await shop?.close();
  await page?.close();
  await ui?.stop();
  await site?.close();
});

test('record a sign-in through the proxy: entries appear live, with chains and secrets marked', async () => {
  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  const form = page.getByRole('region', { name: 'New recording' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Shop session');
  await form.getByRole('textbox', { name: 'Allowed hosts' }).fill('localhost, 127.0.0.1');
  await form.getByRole('textbox', { name: 'Insecure hosts' }).fill('localhost');
  await form.getByRole('button', { name: 'Start recording' }).click();

  await expect(page).toHaveURL(/#\/recorder\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Shop session/ })).toContainText('Recording');
  const live = page.getByRole('region', { name: 'Recording in progress' });
  const proxyUrl = await live.getByRole('textbox', { name: 'Proxy address' }).inputValue();
  expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await live.getByText(/^Other clients/).click();
  const spki = await live.getByRole('textbox', { name: 'SPKI fingerprint' }).inputValue();
  expect(spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  const flags = [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    `--ignore-certificate-errors-spki-list=${spki}`,
  ];
  // A shell line quotes what the shell would read (`<`); Playwright's args take each flag as it is.
  await expect(live.getByRole('textbox', { name: /^Chromium flags for a command line/ })).toHaveValue(
    `--proxy-server=${proxyUrl} '--proxy-bypass-list=<-loopback>' --ignore-certificate-errors-spki-list=${spki}`,
  );
  const args = JSON.parse(
    await live.getByRole('textbox', { name: /^Chromium args for Playwright/ }).inputValue(),
  ) as string[];
  expect(args).toEqual(flags);
  await live.getByRole('textbox', { name: 'SPKI fingerprint' }).scrollIntoViewIfNeeded();
  await shot(page, '11-recorder-other-clients');
  await expect(live.getByRole('list', { name: 'Instructions for curl' })).toContainText(
    `curl --proxy ${proxyUrl} --cacert`,
  );

  shop = await proxiedChromium(args);
  const shopPage = await shop.newPage();
  await openShop(shopPage, site);
  // The first page is listed while the recording goes on, before the sign-in.
  await expect(entryRow(page, 'GET', '/', 200)).toHaveCount(1);
  await signInAndOrder(shopPage);
  await expect(entryRow(page, 'POST', '/login', 302)).toHaveCount(1);
  await expect(entryRow(page, 'GET', '/api/orders/\\d+', 200)).toHaveCount(1);

  // The redirect's hop sits under the POST, indented; credentials carry a lock.
  const post = entryRow(page, 'POST', '/login', 302);
  await expect(post).toContainText('1 redirect');
  await expect(post.getByRole('img', { name: 'carries credentials' })).toBeVisible();
  const postIndex = Number(await post.getAttribute('aria-rowindex'));
  const home = entries(page).locator(`tr[aria-rowindex="${postIndex + 1}"]`);
  await expect(home).toContainText(/GET.*\/home.*200/);
  await expect(home.getByRole('img', { name: 'redirected' })).toBeVisible();

  await post.getByRole('cell').nth(3).click();
  const pane = page.getByRole('region', { name: `Entry ${await entryId(post)}` });
  await expect(pane.getByLabel('Request body')).toContainText('password=REDACTED');
  await expect(
    pane.getByRole('table', { name: 'Request headers' }).getByRole('row', { name: /^cookie/i }),
  ).toContainText('sid=REDACTED');
  await expect(pane.getByRole('navigation', { name: 'Redirect chain' })).toContainText(/#\d+.*#\d+/);
  await live.getByText(/^Other clients/).click(); // collapsed again, so the list fits in the picture
  await live.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, '11-recorder-capture');
  await pane.getByRole('button', { name: 'Show secrets' }).click();
  await expect(pane.getByLabel('Request body')).toContainText(
    `password=${encodeURIComponent(PASSWORD).replace('!', '%21')}`,
  );
  await pane.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(pane.getByLabel('Request body')).toContainText('password=REDACTED');
});

test('filters apply to the list as the back end does: static assets, hosts, search', async () => {
  const count = page
    .getByRole('status')
    .filter({ hasText: /entries/ })
    .first();
  const total = Number(/^(\d+) entries/.exec((await count.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(10);
  await page.getByRole('checkbox', { name: 'Hide static assets' }).check();
  await expect(entryRow(page, 'GET', '/static/app.css')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search entries' }).fill('/api/');
  await expect(entries(page).getByRole('row')).toHaveCount(5); // the header and the 4 API calls
  await expect(count).toHaveText(new RegExp(`^4 of ${total} entries shown`));
  await page.getByRole('combobox', { name: 'Hide hosts' }).fill('localhost');
  await expect(entries(page).getByRole('row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(new RegExp(`^${total} entries`));
});

test('stop, select the session, and convert: the CSRF and token correlations are proposed; the plan runs', async () => {
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('region', { name: 'Recording in progress' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stopped');

  // From the first page to the last API call, with a shift-click.
  await page.getByRole('checkbox', { name: 'Hide static assets' }).check();
  const first = await entryId(entryRow(page, 'GET', '/', 200).first());
  const last = await entryId(entryRow(page, 'GET', '/api/orders/\\d+', 200));
  await page.getByRole('checkbox', { name: `Select entry ${first}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Select entry ${last}`, exact: true }).click({ modifiers: ['Shift'] });
  await expect(
    page.getByRole('checkbox', {
      name: `Select entry ${await entryId(entryRow(page, 'POST', '/api/token', 200))}`,
      exact: true,
    }),
  ).toBeChecked();
  await page.getByRole('button', { name: /^Create plan from \d+ selected/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Create a plan from Shop session' });
  await expect(dialog.getByRole('combobox', { name: 'Groups' })).toHaveValue('navigation');
  await dialog.getByRole('button', { name: 'Find correlations' }).click();
  const table = dialog.getByRole('table', { name: 'Correlations' });
  const loginGet = await entryId(entryRow(page, 'GET', '/login', 200));
  const loginPost = await entryId(entryRow(page, 'POST', '/login', 302));
  const csrf = correlation(table, 'csrf_token');
  await expect(csrf).toContainText(`#${loginGet} GET /login`);
  await expect(csrf).toContainText('hidden input csrf_token');
  await expect(csrf).toContainText(`#${loginPost} POST /login · body field csrf_token`);
  const token = correlation(table, 'token');
  await expect(token).toContainText('JSON field $.token → jsonPath: $.token');
  await expect(token).toContainText(/… \(24 characters\)/);
  await expect(token).toContainText('header authorization');
  await expect(correlation(table, 'csrf_token_2')).toContainText('meta tag csrf-token');
  for (const name of ['csrf_token', 'csrf_token_2', 'token'])
    await expect(dialog.getByRole('checkbox', { name: `Accept ${name}`, exact: true })).toBeChecked();
  await expect(dialog.getByRole('list', { name: 'Environment variables' })).toContainText('PASSWORD');
  await dialog.getByRole('textbox', { name: 'Plan name' }).fill('Shop replay');
  await dialog.getByRole('heading', { name: /Create a plan/ }).click();
  await shot(page, '11-recorder-correlations');
  await dialog.getByRole('button', { name: 'Create plan' }).click();

  await expect(page).toHaveURL(/#\/plans\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop replay' })).toBeVisible();
  planYaml = await exportPlan('Shop replay');
  site.refused.clear();
  const run = await runPlanFile(work, 'shop-replay', planYaml, { BASE_URL: site.httpsUrl, PASSWORD });
  expect(run.failedChecks, run.stdout + run.stderr).toEqual([]);
  expect(run.checks.passes).toBeGreaterThanOrEqual(7);
  expect(run.code).toBe(0);
  expect([...site.refused.keys()].filter((p) => p !== '/favicon.ico')).toEqual([]);
});

test('with the correlations rejected, the plan fails at login', async () => {
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /Shop session/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Hide static assets' }).check();
  await page.getByRole('checkbox', { name: 'Select all shown entries' }).check();
  await page.getByRole('button', { name: /^Create plan from \d+ selected/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a plan from Shop session' });
  await dialog.getByRole('button', { name: 'Find correlations' }).click();
  await dialog.getByRole('button', { name: 'Reject all' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Accept csrf_token', exact: true })).not.toBeChecked();
  await expect(dialog.getByText(/ · 0 accepted/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Environment variables' })).toContainText('API_TOKEN'); // the bearer token is now a credential to set
  const variables = await dialog.getByRole('list', { name: 'Environment variables' }).locator('code').allTextContents();
  await dialog.getByRole('textbox', { name: 'Plan name' }).fill('Shop replay, no correlation');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop replay, no correlation' })).toBeVisible();

  const yaml = await exportPlan('Shop replay, no correlation');
  site.refused.clear();
  const env = Object.fromEntries(variables.map((v) => [v, 'recorded']));
  const run = await runPlanFile(work, 'no-correlation', yaml, { ...env, BASE_URL: site.httpsUrl, PASSWORD });
  expect(site.refused.get('/login')).toBe(1);
  expect(run.checks.fails).toBeGreaterThanOrEqual(5);
  expect(run.failedChecks.length).toBeGreaterThan(0);
});

test('HAR export is redacted unless secrets are asked for, and imports back', async () => {
  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  const row = page.getByRole('table', { name: 'Recordings' }).getByRole('row', { name: /Shop session/ });
  await row.getByRole('button', { name: 'Export HAR…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export HAR' });
  await expect(dialog.getByRole('checkbox', { name: 'Include secrets in clear' })).not.toBeChecked();
  const redacted = await downloadText(page, () => dialog.getByRole('button', { name: 'Export', exact: true }).click());
  expect(redacted.name).toBe('Shop-session.har');
  expect(redacted.text).toContain('REDACTED');
  expect(redacted.text).not.toContain('s3cret%21pw');
  expect(redacted.text).not.toContain(PASSWORD);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Exported Shop session to Shop-session\.har; \d+ secret values redacted/ }),
  ).toBeVisible();

  await row.getByRole('button', { name: 'Export HAR…' }).click();
  await dialog.getByRole('checkbox', { name: 'Include secrets in clear' }).check();
  await expect(dialog.getByRole('note')).toContainText('in clear');
  const full = await downloadText(page, () => dialog.getByRole('button', { name: 'Export with secrets' }).click());
  expect(full.text).toMatch(/s3cret(%21|!)pw/);

  await page
    .getByLabel('HAR file to import')
    .setInputFiles({ name: 'shop.har', mimeType: 'application/json', buffer: Buffer.from(redacted.text) });
  await expect(page).toHaveURL(/#\/recorder\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /shop/ })).toContainText('Imported');
  await expect(entryRow(page, 'POST', '/login', 302)).toHaveCount(1);
});

test('"Open browser" launches a browser through the proxy that records its start page', async () => {
  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  const form = page.getByRole('region', { name: 'New recording' });
  await expect(
    page.getByRole('table', { name: 'Recordings' }).getByRole('row', { name: /^Shop session / }),
  ).toContainText('Stopped');
  await shot(page, '11-recorder-start');
  await form.getByRole('textbox', { name: 'Port' }).fill(new URL(site.httpUrl).port); // taken: the shop listens there
  await form.getByRole('button', { name: 'Start recording' }).click();
  await expect(form.getByRole('alert')).toContainText(`port ${new URL(site.httpUrl).port} on 127.0.0.1 is in use`);
  await form.getByRole('textbox', { name: 'Port' }).fill('');
  await form.getByRole('textbox', { name: 'Name' }).fill('Launched browser');
  await form.getByRole('textbox', { name: 'Allowed hosts' }).fill('localhost');
  await form.getByRole('textbox', { name: 'Insecure hosts' }).fill('localhost');
  await form.getByRole('button', { name: 'Start recording' }).click();
  const launch = page.getByRole('form', { name: 'Record with a browser' });
  await expect(launch.getByRole('combobox', { name: 'Browser' })).toContainText(/chromium/i);
  await launch.getByRole('textbox', { name: 'Start URL' }).fill(`${site.httpsUrl}/?from=launched`);
  await launch.getByRole('checkbox', { name: /Without a window/ }).check();
  await launch.getByRole('button', { name: 'Open browser' }).click();
  await expect(launch.getByRole('status')).toHaveText(/^1 browser open: pid \d+$/);
  await expect(entryRow(page, 'GET', '/\\?from=launched', 200)).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stopped');
});

test('a HAR of 3000 entries: only the rows in view are rendered, the keyboard walks the list; rename, delete', async () => {
  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  await page
    .getByLabel('HAR file to import')
    .setInputFiles({ name: 'big.har', mimeType: 'application/json', buffer: Buffer.from(bigHar(3000)) });
  await expect(page.getByRole('heading', { level: 1, name: /big/ })).toBeVisible({ timeout: 30_000 });
  const table = entries(page);
  await expect(table).toHaveAttribute('aria-rowcount', '3001');
  await expect(page.getByRole('status').filter({ hasText: /^3000 entries · all on big\.test/ })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(80);
  await expect(entryRow(page, 'GET', '/item/3000')).toHaveCount(0);
  await page.getByRole('region', { name: 'Captured entries' }).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(entryRow(page, 'GET', '/item/3000')).toBeVisible();
  await expect(entryRow(page, 'GET', '/item/1')).toHaveCount(0);
  expect(await table.getByRole('row').count()).toBeLessThan(80);
  await entryRow(page, 'GET', '/item/2998').getByRole('cell').nth(3).click();
  await expect(page.getByRole('region', { name: 'Entry 2998' }).getByLabel('Response body')).toContainText(
    '"id": 2998',
  );
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('region', { name: 'Entry 2999' })).toBeVisible();

  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  const recordings = page.getByRole('table', { name: 'Recordings' });
  await recordings.getByRole('row', { name: /^big / }).getByRole('button', { name: 'Rename' }).click();
  await recordings.getByRole('textbox', { name: 'New name' }).fill('Big HAR');
  await recordings.getByRole('button', { name: 'Save' }).click();
  const renamed = recordings.getByRole('row', { name: /^Big HAR / });
  await expect(renamed).toContainText('3,000');
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete recording Big HAR?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Deleted the recording Big HAR' })).toBeVisible();
});

/** The row of the correlation whose variable is `variable`. */
const correlation = (table: Locator, variable: string): Locator =>
  table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Accept ${variable}`, exact: true }) });

/** The plan as YAML, from the plan library's Export menu (what a user hands to CI). */
async function exportPlan(name: string): Promise<string> {
  await page.getByRole('link', { name: 'Plans', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Plans' })
    .getByRole('row', { name: new RegExp(`^${name.replace(/[,.]/g, '\\$&')} \\d`) });
  await row.getByRole('button', { name: 'Export' }).click();
  const file = await downloadText(page, () =>
    page.getByRole('menu', { name: 'Export formats' }).getByRole('menuitem', { name: 'Plan as YAML' }).click(),
  );
  await page.goBack();
  return file.text;
}

test('a form that creates a group: its typed name is proposed unique, its redirect and page are checked', async () => {
  await page.getByRole('link', { name: 'Recorder', exact: true }).click();
  await page
    .getByLabel('HAR file to import')
    .setInputFiles({ name: 'groups.har', mimeType: 'application/json', buffer: Buffer.from(groupHar()) });
  await expect(page.getByRole('heading', { level: 1, name: /groups/ })).toContainText('Imported');
  await page.getByRole('button', { name: /^Create plan from 3 (shown|selected)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a plan from groups' });
  await dialog.getByRole('button', { name: 'Find correlations' }).click();
  const typed = dialog.getByRole('table', { name: 'Typed values' });
  const name = typed.getByRole('row').filter({ has: page.getByRole('checkbox', { name: 'Make name unique' }) });
  await expect(name.getByRole('checkbox')).toBeChecked();
  await expect(name).toContainText('Editors-${uuid()}');
  await expect(name).toContainText('suggested');
  const yaml = dialog.getByRole('region', { name: 'Plan preview' }).or(dialog.getByLabel('Plan preview'));
  await dialog.getByText('Plan preview (YAML)').click();
  await expect(yaml).toContainText('name: Editors-${uuid()}');
  await expect(yaml).toContainText(/header: Location\s+equals: \/groups/);
  await expect(yaml).toContainText(/body:\s+contains: Groups/);
  await dialog.getByText('Plan preview (YAML)').click();
  await dialog.getByRole('heading', { name: /Create a plan/ }).click();
  await shot(page, '11-recorder-typed-values');
  await name.getByRole('checkbox').uncheck();
  await dialog.getByText('Plan preview (YAML)').click();
  await expect(yaml).toContainText(/name: Editors\n/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
