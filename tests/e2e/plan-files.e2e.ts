/**
 * Files a plan reads in the app come from the user: a body file is attached from the request's Body tab, a folder
 * is granted (and revoked) in Plan settings → Data files, and the data folder itself cannot be granted. Try it then
 * sends the attached file's bytes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, editor, results, row, shot, waitSaved } from './designer-helpers.ts';

let ui: RunningUi | undefined;
let target: TargetServer | undefined;
let folder: string | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await target?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
  ui = undefined;
  target = undefined;
  folder = undefined;
});

test('attach a body file, grant and revoke a folder, Try it sends the attached bytes', async ({ page }) => {
  test.setTimeout(90_000);
  target = await startTargetServer({ record: true });
  folder = await mkdtemp(join(tmpdir(), 'loadsmith-e2e-grant-'));
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const plan = {
    version: 1,
    name: 'Upload',
    defaults: { baseUrl: target.url },
    scenarios: {
      default: {
        executor: 'per-vu-iterations',
        steps: [{ request: { name: 'Upload', method: 'POST', url: '/echo' } }],
      },
    },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Upload' });
  await call('plans.save', { id, document: plan });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);

  await row(page, 'POST Upload').click();
  await form.getByRole('tablist', { name: 'Request sections' }).getByRole('tab', { name: 'Body' }).click();
  await form.getByRole('group', { name: 'Body type' }).getByRole('radio', { name: 'File' }).check();
  await form.getByLabel('Attach a file').setInputFiles({
    name: 'payload.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('attached-bytes'),
  });
  await expect(
    form.getByRole('status').filter({ hasText: 'Attached payload.bin as files/payload.bin.' }),
  ).toBeVisible();
  await expect(form.getByLabel('File path')).toHaveValue('files/payload.bin');
  await waitSaved(page);
  await shot(page, 'designer-attach-body-file');
  type Stored = { scenarios: { default: { steps: { request: { file?: unknown } }[] } } };
  expect(((await call('plans.get', { id })).result.document as Stored).scenarios.default.steps[0]?.request.file).toBe(
    'files/payload.bin',
  );

  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(results(page).getByRole('status', { name: 'Response status' })).toHaveText('200 OK', {
    timeout: 20_000,
  });
  expect(target.requests.map((r) => r.body)).toEqual(['attached-bytes']);

  // Plan settings → Data files: the data folder cannot be granted; another folder can, and be revoked.
  await row(page, 'Plan settings').click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Data files' }).click();
  const grants = page.getByRole('region', { name: 'Granted folders' });
  await grants.getByLabel('Folder to grant').fill(ui.dataDir);
  await grants.getByRole('button', { name: 'Grant folder' }).click();
  await expect(grants.getByRole('alert')).toContainText("is the app's data folder or inside it");
  await grants.getByLabel('Folder to grant').fill(folder);
  await grants.getByRole('button', { name: 'Grant folder' }).click();
  await expect(grants.getByRole('listitem')).toHaveText([new RegExp(folder)]);
  expect((await call('settings.get', {})).result.grantedFolders).toEqual([folder]);
  await shot(page, 'designer-granted-folders');
  await grants.getByRole('button', { name: `Revoke ${folder}` }).click();
  await expect(grants.getByText('No folder granted.')).toBeVisible();
  expect((await call('settings.get', {})).result.grantedFolders).toEqual([]);
});
