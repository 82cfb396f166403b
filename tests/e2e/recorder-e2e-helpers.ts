/**
 * Helpers of recorder.e2e.ts: a second Chromium sent through the recording proxy (trusting the recorder's CA by its
 * key's fingerprint, as the app's own launcher does), the test shop's sign-in as a user does it, the recording
 * page's landmarks, and running an exported plan with `loadsmith run`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { loadsmith, type CliResult } from '../fixtures/cli.ts';
import { PASSWORD, USER, type RecorderSite } from '../fixtures/recorder-site/server.ts';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium started as a Playwright user would with the args the Recorder gives (its "Chromium args"
 * JSON array): every request (loopback too) through the proxy, the recorder's CA trusted for it only.
 */
export function proxiedChromium(recorderArgs: readonly string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...FLAGS, ...recorderArgs],
  });
}

/** The shop's home page. */
export async function openShop(page: Page, site: RecorderSite): Promise<void> {
  await page.goto(`${site.httpsUrl}/`);
  await expect(page.getByRole('heading', { name: 'Recorder test shop' })).toBeVisible();
}

/** From the home page: "Sign in", the CSRF form filled and sent; /home's script then gets a token and calls the JSON API. */
export async function signInAndOrder(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('User').fill(USER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Hello ${USER}` })).toBeVisible();
  await expect(page.locator('#status')).toHaveText(/^order \d+ placed$/, { timeout: 20_000 });
}

/** The capture list and its rows for a method and a path (a regular expression's source), and a status. */
export const entries = (page: Page): Locator => page.getByRole('table', { name: 'Entries' });
export function entryRow(page: Page, method: string, path: string, status?: number): Locator {
  // Cells: select, #, method, path (after the redirect mark), status... (no host column: the shop is one host).
  const rows = entries(page).getByRole('row', { name: new RegExp(`\\b${method} (?:\\S+ )*?${path}(?:\\s|$)`) });
  return status === undefined
    ? rows
    : rows.filter({ has: page.locator('td:nth-child(5)', { hasText: new RegExp(`^\\s*${status}\\s*$`) }) });
}

/** The entry number in a row's "#" cell. */
export async function entryId(row: Locator): Promise<number> {
  return Number(await row.getByRole('cell').nth(1).textContent());
}

/** Downloads what `click` starts and returns its text. */
export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

export interface RunSummary {
  code: number | null;
  stdout: string;
  stderr: string;
  checks: { passes: number; fails: number };
  failedChecks: string[];
}

/** `loadsmith run` on the plan text against the site, one VU; the summary's checks. */
export async function runPlanFile(
  dir: string,
  name: string,
  yaml: string,
  env: Record<string, string>,
): Promise<RunSummary> {
  const plan = join(dir, `${name}.yaml`);
  const summary = join(dir, `${name}.summary.json`);
  await writeFile(plan, yaml);
  const args = [
    'run',
    plan,
    '--workers',
    '1',
    '-q',
    '--summary-json',
    summary,
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
  ];
  const r: CliResult = await loadsmith(args, { timeoutMs: 90_000 });
  const json = JSON.parse(await readFile(summary, 'utf8')) as {
    metrics: { checks?: { passes: number; fails: number } };
    checks: { name: string; fails: number }[];
  };
  return {
    ...r,
    checks: json.metrics.checks ?? { passes: 0, fails: 0 },
    failedChecks: json.checks.filter((c) => c.fails > 0).map((c) => c.name),
  };
}

/** A HAR file of `n` GET requests to https://big.test/item/1..n, 10 ms apart. */
export function bigHar(n: number): string {
  const start = Date.UTC(2025, 0, 1);
  const entries = Array.from({ length: n }, (_, i) => ({
    startedDateTime: new Date(start + i * 10).toISOString(),
    time: 5,
    request: {
      method: 'GET',
      url: `https://big.test/item/${i + 1}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'accept', value: 'application/json' }],
    },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [{ name: 'content-type', value: 'application/json' }],
      content: { size: 12, mimeType: 'application/json', text: `{"id":${i + 1}}` },
    },
  }));
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'recorder.e2e', version: '1' }, entries } });
}

/** A HAR of a sign-in-free form that creates a group: the form page, its submission (302 to the list), the list. */
export function groupHar(): string {
  const start = Date.UTC(2025, 0, 1);
  const html = (text: string) => ({ size: text.length, mimeType: 'text/html', text });
  const entry = (
    i: number,
    method: string,
    path: string,
    status: number,
    extra: { body?: string; location?: string; page?: string },
  ) => ({
    startedDateTime: new Date(start + i * 2000).toISOString(),
    time: 20,
    request: {
      method,
      url: `https://groups.test${path}`,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'sec-fetch-dest', value: 'document' },
        ...(extra.body ? [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }] : []),
      ],
      ...(extra.body ? { postData: { mimeType: 'application/x-www-form-urlencoded', text: extra.body } } : {}),
    },
    response: {
      status,
      statusText: '',
      headers: [
        { name: 'content-type', value: 'text/html' },
        ...(extra.location ? [{ name: 'location', value: extra.location }] : []),
      ],
      content: html(extra.page ?? ''),
      ...(extra.location ? { redirectURL: extra.location } : {}),
    },
  });
  const form =
    '<title>New group</title><form method="post" action="/groups/new"><input type="hidden" name="csrf_token" value="Fk29dLq81mZx"><input type="text" name="name"><button>Create</button></form>';
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'recorder.e2e', version: '1' },
      entries: [
        entry(0, 'GET', '/groups/new', 200, { page: form }),
        entry(1, 'POST', '/groups/new', 302, { body: 'csrf_token=Fk29dLq81mZx&name=Editors', location: '/groups' }),
        entry(2, 'GET', '/groups', 200, { page: '<title>Groups</title><ul><li>Editors</li></ul>' }),
      ],
    },
  });
}
