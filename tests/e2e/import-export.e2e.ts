/**
 * Import and export in the browser: a pasted cURL command previewed with its secret moved to a variable, then
 * created and opened in the designer; an OpenAPI file chosen (and a Swagger file dropped) giving one request per
 * operation; a plan exported as a k6 script without its secret literal, and with it only after confirmation.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { row as treeRow, shot } from './designer-helpers.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/convert/', import.meta.url));

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

async function open(page: Page): Promise<void> {
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(/Connected/);
}

async function importDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a plan' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The operations' ids, all of them or only the reads (what an import brings without "Include operations that change data"). */
const operationsOf = (
  doc: { paths: Record<string, Record<string, unknown>> },
  only: 'all' | 'reads' = 'all',
): string[] =>
  Object.values(doc.paths)
    .flatMap((ops) =>
      Object.entries(ops).filter(([m]) =>
        (only === 'reads' ? /^(get|head|options)$/ : /^(get|put|post|delete|patch|head|options)$/).test(m),
      ),
    )
    .map(([, op]) => (op as { operationId: string }).operationId);

test('paste a cURL command: the preview moves the token to a variable, the plan opens in the designer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page);
  const dialog = await importDialog(page);
  await dialog
    .getByRole('textbox', { name: 'Or paste' })
    .fill(
      "curl 'https://api.example.com/v1/users?page=2' \\\n  -H 'Authorization: Bearer s3cr3t-e2e-token' \\\n  -H 'Accept: application/json' --compressed",
    );
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('combobox', { name: 'Format' }).locator('option:checked')).toHaveText(
    'Detected: cURL command',
  );
  await expect(dialog.getByText('1 scenario, 1 request')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Secrets moved to variables' })).toContainText('${env.API_TOKEN}');
  await expect(dialog.getByRole('list', { name: 'Not imported' })).toContainText('--compressed');
  const token = dialog
    .getByRole('list', { name: 'Variables to set' })
    .getByRole('listitem')
    .filter({ hasText: 'API_TOKEN' });
  await expect(token).toContainText('secret');
  await expect(dialog.getByRole('list', { name: 'Variables to set' })).toContainText(
    /BASE_URL.*default is used: https:\/\/api\.example\.com/,
  );
  await expect(dialog).not.toContainText('s3cr3t-e2e-token');
  await dialog.getByRole('checkbox', { name: 'Create an environment with these variables' }).check();
  await dialog.getByRole('textbox', { name: 'Environment name' }).fill('Users API');
  await dialog.getByRole('textbox', { name: 'Plan name' }).fill('Users from cURL');
  await dialog.getByRole('heading', { name: 'Import a plan' }).click(); // no focus ring in the picture
  await shot(page, '10-import-preview');

  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/#\/plans\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users from cURL' })).toBeVisible();
  await expect(page.getByRole('treeitem', { name: /GET \/v1\/users/ })).toBeVisible();
  // The designer uses the environment made for the plan.
  await expect(page.getByRole('combobox', { name: 'Environment' }).locator('option:checked')).toHaveText('Users API');

  // The environment holds the variables to fill in, the token marked secret.
  await page.getByRole('link', { name: 'Environments', exact: true }).click();
  await page
    .getByRole('list', { name: 'Environments' })
    .getByRole('button', { name: /Users API/ })
    .click();
  const rows = page.getByRole('table', { name: 'Variables' }).getByRole('row');
  await expect(rows.nth(1).getByRole('textbox', { name: 'Variable name' })).toHaveValue('BASE_URL');
  await expect(rows.nth(2).getByRole('textbox', { name: 'Variable name' })).toHaveValue('API_TOKEN');
  await expect(rows.nth(2).getByRole('checkbox', { name: 'Secret' })).toBeChecked();
  await expect(rows.nth(2).getByLabel('Variable value')).toHaveValue(''); // blank, to fill in
  await expect(page.locator('body')).not.toContainText('s3cr3t-e2e-token');
});

test('choose an OpenAPI file, or drop a Swagger one: one request per operation', async ({ page }) => {
  await open(page);
  const text = await readFile(`${FIXTURES}openapi/petstore3.yaml`, 'utf8');
  const operations = operationsOf(parse(text));
  let dialog = await importDialog(page);
  await dialog.getByLabel('File to import').setInputFiles(`${FIXTURES}openapi/petstore3.yaml`);
  await expect(dialog.getByRole('combobox', { name: 'Format' }).locator('option:checked')).toHaveText(
    'Detected: OpenAPI or Swagger document',
  );
  // Operations that change data are left out unless asked for (a real API's DELETE deleted a user).
  await expect(dialog.getByText(`1 scenario, ${operationsOf(parse(text), 'reads').length} requests`)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Include operations that change data/ }).check();
  await expect(dialog.getByText(`1 scenario, ${operations.length} requests`)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9/v3');
  await expect(dialog.getByRole('list', { name: 'Variables to set' })).toContainText(
    'default is used: http://127.0.0.1:9/v3',
  );
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Swagger Petstore - OpenAPI 3.0' })).toBeVisible();
  const requests = page.getByRole('treeitem', { name: /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) / });
  await expect(requests).toHaveCount(operations.length);
  const names = (
    await requests.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''))
  ).map((n) => n.split(' ').at(-1));
  expect(names.sort()).toEqual([...operations].sort()); // writes come in create, read, update, delete order

  await page.getByRole('link', { name: '← Plan library' }).click();
  await expect(
    page.getByRole('table', { name: 'Plans' }).getByRole('row', { name: /Swagger Petstore - OpenAPI 3\.0/ }),
  ).toContainText(String(operations.length));

  // A Swagger 2.0 file dropped on the page opens the dialog on its preview.
  const swagger = await readFile(`${FIXTURES}openapi/petstore2.json`, 'utf8');
  const data = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'petstore2.json', { type: 'application/json' }));
    return dt;
  }, swagger);
  await page.locator('.dropzone').first().dispatchEvent('drop', { dataTransfer: data });
  dialog = page.getByRole('dialog', { name: 'Import a plan' });
  await expect(dialog.getByText('From petstore2.json')).toBeVisible();
  await expect(
    dialog.getByText(`1 scenario, ${operationsOf(JSON.parse(swagger), 'reads').length} requests`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Plans' }).getByRole('row')).toHaveCount(2); // header + the one created
});

test('export as k6: options, no secret literal; with secrets only after confirming', async ({ page }) => {
  await open(page);
  const plan =
    'version: 1\nname: Secret API\ndefaults:\n  baseUrl: http://127.0.0.1:9\n  auth: { type: bearer, token: "literal-e2e-token" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps:\n      - request: { name: List users, url: /users, checks: [{ status: 200 }] }\n';
  const dialog = await importDialog(page);
  await dialog.getByRole('textbox', { name: 'Or paste' }).fill(plan);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Format' }).locator('option:checked')).toHaveText(
    'Detected: Loadsmith plan (YAML or JSON)',
  );
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await page.getByRole('link', { name: '← Plan library' }).click();
  const row = page.getByRole('table', { name: 'Plans' }).getByRole('row', { name: /Secret API/ });

  const exportAs = async (item: string): Promise<string> => {
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menu', { name: 'Export formats' }).getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('secret-api.js');
    return readFile(await file.path(), 'utf8');
  };
  const script = await exportAs('k6 script');
  expect(script).toContain('export const options');
  expect(script).not.toContain('literal-e2e-token');
  expect(script).toContain('API_TOKEN');
  const message = page.getByRole('status').filter({ hasText: 'Exported Secret API as a k6 script' });
  await expect(message.getByRole('list', { name: 'Replaced secrets' })).toContainText(
    'defaults.auth.token → ${env.API_TOKEN}',
  );

  // With secrets: a confirmation first; cancelling it exports nothing.
  await row.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'With secrets…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Export with secrets?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await row.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'With secrets…' }).click();
  await confirm.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'k6 script' });
  const download = page.waitForEvent('download');
  await confirm.getByRole('button', { name: 'Export with secrets' }).click();
  const withSecrets = await readFile(await (await download).path(), 'utf8');
  expect(withSecrets).toContain('literal-e2e-token');
  await expect(page.getByRole('status').filter({ hasText: 'Secrets are included in clear' })).toBeVisible();
});

test("the designer exports the selected request as cURL, and the plan as HAR, with the converter's notes", async ({
  page,
}) => {
  await open(page);
  const dialog = await importDialog(page);
  await dialog.getByRole('textbox', { name: 'Or paste' }).fill(`version: 1
name: Two requests
defaults: { baseUrl: "http://127.0.0.1:9", headers: { X-API-Key: literal-key-42 } }
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - request: { name: Log in, method: POST, url: /login, json: { user: me, password: pw-literal-7 }, checks: [{ status: 200 }] }
      - request: { name: List users, url: /users }
`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await expect(exportButton).toBeVisible();
  await expect(exportButton).toHaveAttribute('aria-haspopup', 'menu');

  await treeRow(page, /Log in/).click();
  const download = async (item: string): Promise<{ name: string; text: string }> => {
    const file = page.waitForEvent('download');
    await exportButton.click();
    await page.getByRole('menu', { name: 'Export formats' }).getByRole('menuitem', { name: item, exact: true }).click();
    const f = await file;
    return { name: f.suggestedFilename(), text: await readFile(await f.path(), 'utf8') };
  };
  const curl = await download('cURL: Log in');
  expect(curl.name).toBe('two-requests-log-in.sh');
  expect(curl.text.match(/^curl /gm)).toHaveLength(1);
  for (const secret of ['literal-key-42', 'pw-literal-7']) expect(curl.text).not.toContain(secret);
  const result = page.getByRole('status', { name: 'Export result' });
  await expect(result).toContainText('Exported the cURL of Log in to two-requests-log-in.sh');
  await expect(result.getByRole('list', { name: 'Not in the exported file' })).toContainText('checks');
  await expect(result.getByRole('list', { name: 'Replaced secrets' })).toContainText('${env.X_API_KEY}');
  await result.getByRole('button', { name: 'Dismiss' }).click();

  const har = await download('HAR file');
  expect(har.name).toBe('two-requests.har');
  expect((JSON.parse(har.text) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
  expect(har.text).not.toContain('literal-key-42');
});
