/**
 * A plan with a token typed into it: the designer says it is stored in clear and moves it, on request, into an
 * environment's secrets; the plan then reads ${env.API_TOKEN} and Try it with that environment still sends it,
 * and shows it masked.
 */
import { expect, test } from '@playwright/test';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, results, shot } from './designer-helpers.ts';

let ui: RunningUi | undefined;
let target: TargetServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await target?.close();
  ui = undefined;
  target = undefined;
});

test('a literal token is moved into an environment secret from the designer', async ({ page }) => {
  test.setTimeout(90_000);
  target = await startTargetServer({ record: true });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const document = {
    version: 1,
    name: 'Typed token',
    defaults: { baseUrl: target.url, auth: { type: 'bearer', token: 'tok-typed-4411' } },
    scenarios: { default: { executor: 'per-vu-iterations', steps: [{ request: { name: 'Me', url: '/echo' } }] } },
  };
  const {
    result: { id },
  } = await call('plans.create', { name: 'Typed token' });
  await call('plans.save', { id, document });
  await call('environments.save', { name: 'staging', variables: [{ name: 'HOST', value: 'h' }] });
  await page.goto(`${ui.url}/#/plans/${id as string}`);

  const offer = page.getByRole('region', { name: '1 credential is stored in this plan in clear' });
  await expect(offer).toContainText('defaults.auth.token');
  await shot(page, 'designer-credentials-offer');
  await offer.getByLabel('Move to environment').selectOption({ label: 'staging' });
  await offer.getByRole('button', { name: 'Move into secrets' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved 1 credential into the secrets of staging (API_TOKEN)' }),
  ).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByLabel('Environment', { exact: true }).first()).toHaveValue(/.+/);
  const stored = (await call('plans.get', { id })).result as {
    document: { defaults: { auth: { token: string } } };
    credentials: unknown[];
  };
  expect(stored.document.defaults.auth.token).toBe('${env.API_TOKEN}');
  expect(stored.credentials).toEqual([]);

  await page.getByRole('treeitem', { name: 'GET Me', exact: true }).locator(':scope > .tree-row').click();
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(results(page).getByRole('status', { name: 'Response status' })).toHaveText('200 OK', {
    timeout: 20_000,
  });
  expect(target.requests.at(-1)?.headers.authorization).toBe('Bearer tok-typed-4411');
  // Sent with the secret, shown masked: the request headers and the echoed response.
  await results(page).getByRole('tab', { name: 'Headers' }).click();
  await expect(results(page).getByRole('table', { name: 'Request headers' })).toContainText('Bearer ••••••');
  await expect(results(page)).not.toContainText('tok-typed-4411');
  await results(page).getByRole('tab', { name: 'Body' }).click();
  await expect(results(page)).toContainText('Bearer ••••••');
  await expect(results(page)).not.toContainText('tok-typed-4411');
  // Secrets are never shown again: the environment page knows it has a value, nothing more.
  expect(JSON.stringify((await call('environments.list', {})).result)).not.toContain('tok-typed-4411');
});
