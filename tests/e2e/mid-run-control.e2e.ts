/**
 * Mid-run control in the run view (issue 23), in browser mode against the bundled demo server: change the VUs of a
 * running demo plan and see the VUs chart follow (its limit line, then the active VUs); pause (the active VUs drain
 * to 0, the view says Paused) and resume; stop, and find each phase in the finished run's Phases table.
 */
import { expect, test } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { chart, createEnvironment, openNewDemoPlan, shot } from './run-dashboard-helpers.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});
test.use({ viewport: { width: 1440, height: 1300 } });

test('scale the VUs of a running demo plan and see the VUs chart follow; pause and resume', async ({ page }) => {
  test.setTimeout(180_000);
  demo = await startDemoServer({ port: 0 });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  await createEnvironment(page, 'demo', { BASE_URL: demo.url });
  await openNewDemoPlan(page, 'Control demo');

  // Every scenario as 2 constant VUs for a minute (the Run dialog's overrides): long enough to change it.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Run the plan' });
  await dialog.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'demo' });
  await dialog.getByRole('textbox', { name: 'VUs' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Duration' }).fill('60s');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(/#\/runs\/[^/]+$/, { timeout: 30_000 });

  const load = page.getByRole('region', { name: 'Load control' });
  const vus = chart(page, 'vus').locator('p.visually-hidden');
  await expect(load.getByRole('form', { name: 'Scale browse' })).toContainText('constant-vus');
  await expect(load.getByLabel('browse target')).toHaveText('plan');
  // Two scenarios of 2 VUs: the chart's limit is 4, and 4 are active.
  await expect(vus).toContainText('max VUs: now 4 VUs', { timeout: 20_000 });
  await expect(vus).toContainText('active VUs: now 4 VUs');

  // A value the run cannot take is refused before it is sent; then browse to 8 VUs.
  await load.getByRole('textbox', { name: 'VUs of browse' }).fill('1.5');
  await load.getByRole('button', { name: 'Apply to browse' }).click();
  await expect(load.getByRole('alert')).toHaveText('VUs of browse: a whole number of 0 or more');
  await load.getByRole('textbox', { name: 'VUs of browse' }).fill('8');
  await load.getByRole('button', { name: 'Apply to browse' }).click();
  await expect(load.getByLabel('browse target')).toHaveText('8 VUs');
  // The chart follows: its limit line at once (the next second), the active VUs as the new ones start.
  await expect(vus).toContainText('max VUs: now 10 VUs', { timeout: 15_000 });
  await expect(vus).toContainText('active VUs: now 10 VUs', { timeout: 15_000 });
  await shot(page, 'run-control-scaled');

  // Pause: running iterations finish, none starts: the active VUs drain to 0; the limit stays.
  await load.getByRole('button', { name: 'Pause' }).click();
  await expect(load.getByRole('status')).toHaveText('Paused');
  await expect(vus).toContainText('active VUs: now 0 VUs', { timeout: 20_000 });
  await expect(vus).toContainText('max VUs: now 10 VUs');
  await load.getByRole('button', { name: 'Resume' }).click();
  await expect(load.getByRole('status')).toHaveCount(0);
  await expect(vus).toContainText('active VUs: now 10 VUs', { timeout: 15_000 });

  // Stop; the finished run lists its phases: the plan, the scale, the pause, the resume.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Stop the run gracefully?' })
    .getByRole('button', { name: 'Stop run' })
    .click();
  const phases = page.getByRole('table', { name: 'Phases' });
  await expect(phases).toBeVisible({ timeout: 60_000 });
  await expect(load).toHaveCount(0);
  // A phase's first row holds its time span (a row header) and what began it.
  await expect(phases.locator('tbody tr:has(th) > td:first-of-type')).toHaveText([
    'the plan',
    'browse: 8 VUs',
    'paused',
    'resumed',
  ]);
  await expect(phases.getByRole('row', { name: /browse: 8 VUs/ })).toContainText(
    /browse\s*8 VUs\s*\d+(\.\d+)? VUs on average \(max 8\)/,
  );
  await shot(page, 'run-control-phases');
});
