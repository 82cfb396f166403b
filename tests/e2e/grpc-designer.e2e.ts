/**
 * A gRPC step built by clicking against the demo server's gRPC lookup: the "gRPC call" of the Add menu, the target,
 * Load by reflection, service and method picked from lists, the message written, a status check; Try it shows OK and
 * the looked-up record. Then the same with the lookup's .proto attached (a server-streaming method), and Validate.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, editor, item, monacoIn, pasteIntoMonaco, results, row, waitSaved } from './designer-helpers.ts';
import { shot } from './screenshot.ts';

const PROTO = new URL('../../plans/examples/protos/lookup.proto', import.meta.url);

let ui: RunningUi | undefined;
let grpc: GrpcLookup | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await grpc?.close();
  ui = undefined;
  grpc = undefined;
});

test('a gRPC call built by clicking: reflection and a .proto, Try it and Validate', async ({ page }) => {
  test.setTimeout(120_000);
  grpc = await startGrpcLookup();
  ui = await startUi(await newDataDir());
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'gRPC by clicking',
    scenarios: { default: { executor: 'per-vu-iterations', steps: [{ think: '1s' }] } },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'gRPC by clicking' });
  await call('plans.save', { id, document });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);
  const panel = results(page);

  // Add a gRPC call to the scenario: it opens in its own editor, its row says what it calls.
  await item(page, /^default/)
    .locator(':scope > .tree-row')
    .getByRole('button', { name: 'Add to default' })
    .click();
  await page.getByRole('menu', { name: 'Add to default' }).getByRole('menuitem', { name: 'gRPC call' }).click();
  await expect(form.getByRole('heading', { name: /^gRPC call/ })).toBeVisible();
  await form.getByRole('combobox', { name: 'Target' }).fill(`127.0.0.1:${grpc.port}`);
  await expect(form.getByRole('checkbox', { name: 'Plaintext (no TLS)' })).toBeChecked();

  // Reflection: Load lists the service and its methods; pick Get.
  await expect(form.getByRole('radio', { name: 'Server reflection' })).toBeChecked();
  await form.getByRole('button', { name: 'Load services' }).click();
  await expect(form.getByText('1 service, 4 methods')).toBeVisible();
  await form.getByRole('combobox', { name: 'Service' }).selectOption('lookup.Lookup');
  const method = form.getByRole('combobox', { name: 'Method' });
  await expect(method.locator('option')).toHaveText([
    'Get (unary)',
    'Watch (server streaming)',
    'Collect (client streaming)',
    'Chat (bidirectional streaming)',
  ]);
  await method.selectOption('Get');
  await expect(row(page, 'gRPC lookup.Lookup/Get')).toBeVisible();

  // The message starts from the method's fields; write the phone number.
  const sections = form.getByRole('tablist', { name: 'gRPC call sections' });
  await sections.getByRole('tab', { name: 'Message' }).click();
  const message = await monacoIn(form);
  await expect(message.locator('.view-lines')).toContainText('"phone": ""');
  // Completion offers the input message's fields not written yet.
  await pasteIntoMonaco(page, message, '{ "phone": "0754952794", "');
  await page.keyboard.press('Control+Space');
  const suggest = message.locator('.suggest-widget');
  await expect(suggest).toContainText('count');
  await expect(suggest).toContainText('int32');
  await expect(suggest).not.toContainText('phone');
  // The fields come first, in the proto's order (before JSON's own $schema): Tab takes count.
  await expect(suggest.locator('.monaco-list-row.focused')).toContainText('count');
  await page.keyboard.press('Tab');
  await page.keyboard.type('": 2 }');
  await expect(message.locator('.view-lines')).toHaveText('{ "phone": "0754952794", "count": 2 }');
  await expect(form.getByText('Valid JSON')).toBeVisible();
  await sections.getByRole('tab', { name: 'Checks' }).click();
  await form.getByRole('button', { name: 'Add status code check' }).click();
  await expect(form.getByRole('combobox', { name: 'Expected status' })).toHaveValue('OK');
  await waitSaved(page);

  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel.getByRole('status', { name: 'Response status' })).toHaveText('0 OK');
  await expect(panel.getByLabel('Response body')).toContainText('"name": "Niran"');
  await expect(panel.getByLabel('Response body')).toContainText('"phone": "0754952794"');
  await expect(form.getByText('Passed in the last Try')).toBeVisible();
  await panel.getByRole('tab', { name: 'Metadata' }).click();
  await expect(panel.getByRole('table', { name: 'Trailers' })).toContainText('x-records');
  await shot(page, 'grpc-editor-try');

  // A .proto instead: attach the lookup's, Load lists the same methods from it; pick the server stream.
  await form.getByRole('radio', { name: '.proto files' }).check();
  await form.getByLabel('Attach a .proto file').setInputFiles({
    name: 'lookup.proto',
    mimeType: 'text/plain',
    buffer: await readFile(PROTO),
  });
  await expect(form.getByRole('textbox', { name: 'Proto file 1' })).toHaveValue(/^files\/lookup.*\.proto$/);
  await form.getByRole('button', { name: 'Load services' }).click();
  await expect(form.getByText('1 service, 4 methods')).toBeVisible();
  await form.getByRole('combobox', { name: 'Method' }).selectOption('Watch');
  await sections.getByRole('tab', { name: 'Message' }).click();
  await expect(form.getByRole('spinbutton', { name: 'Stop after this many responses' })).toBeVisible();
  await waitSaved(page);
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(panel.getByRole('status', { name: 'Response status' })).toHaveText('0 OK');
  await panel.getByRole('tab', { name: 'Message' }).click();
  // The stream's responses as a list: count 2 from the message written above.
  await expect(panel.getByLabel('Response body')).toContainText('"phone": "0754952795"');
  await expect(panel.getByLabel('Response body')).not.toContainText('"phone": "0754952796"');

  const stored = (await call('plans.get', { id })).result.document as {
    scenarios: { default: { steps: { grpc?: Record<string, unknown> }[] } };
  };
  expect(stored.scenarios.default.steps[1]?.grpc).toMatchObject({
    target: `127.0.0.1:${grpc.port}`,
    plaintext: true,
    method: 'lookup.Lookup/Watch',
    protos: [expect.stringMatching(/^files\/lookup.*\.proto$/)],
    message: { phone: '0754952794', count: 2 },
    checks: [{ code: 'OK' }],
  });

  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(panel.getByRole('button', { name: /lookup\.Lookup\/Watch.*OK/ })).toBeVisible();
  expect(grpc.counts.Get).toBe(1);
  expect(grpc.counts.Watch).toBe(2);
  await shot(page, 'grpc-editor-proto');
});
