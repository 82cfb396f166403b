/**
 * Helpers of designer.e2e.ts: the designer's landmarks and tree rows, typing into Monaco, screenshots for
 * reviewers, the app's own API for seeding and reading plans, and `loadsmith run` as a child process.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { loadsmith as runCli, type CliResult } from '../fixtures/cli.ts';

/** The plan the first test builds by clicking (and the second one starts from), as the exported file has it. */
export const DESIGNED_PLAN = {
  version: 1,
  name: 'Demo by clicking',
  defaults: {
    baseUrl: '${env.BASE_URL}',
    auth: { type: 'bearer', token: '${token}', scheme: 'Token' },
    http: { pipelining: 2 },
  },
  scenarios: {
    default: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '2s', target: 3 },
        { duration: '2s', target: 0 },
      ],
      steps: [
        {
          request: {
            name: 'Log in',
            method: 'POST',
            url: '/v3/auth/login',
            json: { username: 'user${vu}', password: 'demo' },
            auth: { type: 'none' },
            checks: [{ status: 200 }],
            extract: { token: { jsonPath: '$.token' } },
          },
        },
        { think: '200ms' },
        {
          request: {
            name: 'List users',
            method: 'GET',
            url: '/v3/users',
            auth: { type: 'bearer', token: '${token}', scheme: 'Token' },
            checks: [{ status: 200 }],
            extract: { userId: { jsonPath: '$.results[0].id' } },
          },
        },
        { request: { name: 'Get user', method: 'GET', url: '/v3/users/${userId}', checks: [{ status: 200 }] } },
      ],
    },
  },
  thresholds: { http_req_duration: ['p(95)<500'] },
};

// ---- landmarks and the tree ----

/** The form panel (the editor of what is selected in the tree). */
export const editor = (page: Page): Locator => page.getByRole('main', { name: 'Editor' });
/** The code view (split and YAML modes). */
export const codeView = (page: Page): Locator => page.getByRole('region', { name: 'Plan as YAML' });
/** Try it / Validate results. */
export const results = (page: Page): Locator => page.getByRole('region', { name: 'Results' });
export const item = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('treeitem', { name, exact: typeof name === 'string' });
/** A node's own row (clicking the treeitem itself would hit the middle of its children). */
export const row = (page: Page, name: string | RegExp): Locator => item(page, name).locator(':scope > .tree-row');

/** Adds a step to a scenario or group through its "+" menu; the new step is selected. */
export async function addStep(
  page: Page,
  parent: RegExp,
  parentName: string,
  kind: 'Request' | 'Think time' | 'Group' | 'Batch',
): Promise<void> {
  await item(page, parent)
    .locator(':scope > .tree-row')
    .getByRole('button', { name: `Add to ${parentName}` })
    .click();
  await page
    .getByRole('menu', { name: `Add to ${parentName}` })
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

/** Waits until autosave has stored every edit. */
export async function waitSaved(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Save state' })).toHaveText(/^Saved · revision \d+$/);
}

// ---- Monaco ----

/** The Monaco editor inside `scope`, once it has loaded (it is a lazily loaded chunk). */
export async function monacoIn(scope: Locator): Promise<Locator> {
  const ed = scope.locator('.monaco-editor').first();
  await expect(ed).toBeVisible({ timeout: 30_000 });
  return ed;
}

/**
 * Replaces the whole text of a Monaco editor as a user pasting it would: clipboard, click, select all, paste.
 * (A single CDP insertText is mangled by Monaco's auto-closing quotes; fast typing is covered by body-editor.e2e.ts.)
 */
export async function pasteIntoMonaco(page: Page, ed: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await ed.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/**
 * Searches a Monaco editor's whole text (not only the lines on screen) with its find widget: click in the text,
 * Ctrl+Home, Ctrl+F, type `text`. Returns the widget's match count ("1 of 1", "No results": assert it with
 * toHaveText, it updates as the search runs); the widget stays open, with the first match selected in the text.
 */
export async function findInMonaco(page: Page, ed: Locator, text: string): Promise<Locator> {
  await ed.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+F');
  const find = ed.getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  await find.fill(text);
  return ed.locator('.find-widget .matchesCount');
}

/** Closes the find widget: the keyboard is back in the text, the match found still selected. */
export async function closeFind(page: Page, ed: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(ed.locator('.find-widget')).not.toHaveClass(/\bvisible\b/);
}

// ---- the app's API (what the designer stores) ----

export type Call = (method: string, params: unknown) => Promise<{ ok: boolean; result: Record<string, unknown> }>;

/** Calls the app's back end from the page (same origin, the session cookie of the login link). */
export function api(page: Page): Call {
  return (method, params) =>
    page.evaluate(
      async ([m, p]) => {
        const res = await fetch('/api/call', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: m, params: p }),
        });
        return (await res.json()) as { ok: boolean; result: Record<string, unknown> };
      },
      [method, params] as const,
    );
}

// ---- pages outside the designer ----

export async function createEnvironment(page: Page, name: string, vars: Record<string, string>): Promise<void> {
  await page.getByRole('link', { name: 'Environments' }).click();
  await page.getByRole('button', { name: 'New environment' }).click();
  await page.getByRole('textbox', { name: 'Environment name' }).fill(name);
  for (const [k, v] of Object.entries(vars)) {
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByRole('textbox', { name: 'Variable name' }).last().fill(k);
    await page.getByRole('textbox', { name: 'Variable value' }).last().fill(v);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  const n = Object.keys(vars).length;
  await expect(page.getByRole('button', { name: `${name} · ${n} variable${n === 1 ? '' : 's'}` })).toBeVisible();
}

// ---- screenshots ----

export { shot } from './screenshot.ts';

// ---- the CLI ----

export type { CliResult } from '../fixtures/cli.ts';

/** `node bin/loadsmith.js ARGS`, with a time limit. */
export const loadsmith = (args: string[], timeoutMs = 30_000): Promise<CliResult> => runCli(args, { timeoutMs });
