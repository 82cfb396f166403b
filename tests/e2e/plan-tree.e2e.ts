/**
 * The designer's plan tree in the browser: the outline and its problem badges, selection, the keyboard (WAI-ARIA
 * tree keys plus the editing keys), the row menus, inline rename, drag and drop, and undo of each as one step.
 * What the tree did is checked in the saved document too, not only on screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';

let ui: RunningUi | undefined;
test.afterEach(async () => {
  await ui?.stop();
  ui = undefined;
});

const DOC = {
  version: 1,
  name: 'Tree plan',
  defaults: { baseUrl: 'http://127.0.0.1:9' },
  scenarios: {
    browse: {
      executor: 'ramping-vus',
      stages: [
        { duration: '10s', target: 10 },
        { duration: '10s', target: 0 },
      ],
      steps: [
        { request: { name: 'List users', method: 'GET', url: '/users' } },
        { think: '1s' },
        { group: { name: 'checkout', steps: [{ request: { method: 'POST', url: '/cart' } }] } },
        { batch: [{ request: { url: '/a' } }, { request: { url: '/b', methd: 'GET' } }] },
      ],
    },
    admin: {
      executor: 'constant-vus',
      vus: 2,
      duration: '30s',
      steps: [{ request: { method: 'PUT', url: '/admin' } }],
    },
  },
};

type Doc = typeof DOC & Record<string, unknown>;

async function openPlan(page: Page): Promise<() => Promise<Doc>> {
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = (method: string, params: unknown) =>
    page.evaluate(
      async ([m, p]) => {
        const res = await fetch('/api/call', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: m, params: p }),
        });
        return (await res.json()) as { ok: boolean; result: { id: string; document: unknown } };
      },
      [method, params] as const,
    );
  const {
    result: { id },
  } = await call('plans.create', { name: 'Tree plan' });
  await call('plans.save', { id, document: DOC });
  await page.goto(`${ui.url}/#/plans/${id}`);
  await expect(page.getByRole('tree', { name: 'Plan' })).toBeVisible();
  // The document as stored (autosave writes it shortly after each edit: poll it).
  return async () => (await call('plans.get', { id })).result.document as Doc;
}

/** The tree's side bar (other panels may show alerts of their own). */
const tree = (page: Page) => page.getByRole('navigation', { name: 'Plan tree' });
const item = (page: Page, name: string | RegExp) =>
  page.getByRole('treeitem', { name, exact: typeof name === 'string' });
/** A node's own row (clicking the treeitem itself would hit the middle of its children). */
const row = (page: Page, name: string | RegExp) => item(page, name).locator(':scope > .tree-row');
/** The names of the visible rows under a node, in order. */
const childNames = (page: Page, name: string) =>
  item(page, name)
    .locator(':scope > [role=group] > [role=treeitem]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test('outline, selection and the keyboard', async ({ page }) => {
  const saved = await openPlan(page);
  // Scenario rows say what load they put on; problems show on the node and every node above it.
  await expect(item(page, 'browse, ramping-vus up to 10 VUs, 1 problem')).toBeVisible();
  await expect(item(page, 'Batch of 2 requests, 1 problem')).toBeVisible();
  await expect(item(page, 'GET /b, 1 problem')).toBeVisible();
  await expect(item(page, 'admin, constant-vus 2 VUs for 30s')).toBeVisible();
  await expect(item(page, 'General')).toHaveAttribute('aria-selected', 'true');

  await row(page, 'GET List users').click();
  await expect(item(page, 'GET List users')).toHaveAttribute('aria-selected', 'true');

  // Arrows move focus, Enter selects.
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'Think 1s')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item(page, 'Think 1s')).toHaveAttribute('aria-selected', 'true');

  // Alt+ArrowUp moves the step; one undo puts it back.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(item(page, 'Think 1s')).toBeFocused();
  expect(await childNames(page, 'browse, ramping-vus up to 10 VUs, 1 problem')).toEqual([
    'Think 1s',
    'GET List users',
    'Group checkout',
    'Batch of 2 requests, 1 problem',
  ]);
  await expect.poll(async () => (await saved()).scenarios.browse.steps[0]).toEqual({ think: '1s' });
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await childNames(page, 'browse, ramping-vus up to 10 VUs, 1 problem')).toEqual([
    'GET List users',
    'Think 1s',
    'Group checkout',
    'Batch of 2 requests, 1 problem',
  ]);

  // Into the group above and back out: Alt+Shift+ArrowRight / ArrowLeft.
  await row(page, 'Batch of 2 requests, 1 problem').click();
  await page.keyboard.press('Alt+Shift+ArrowRight');
  expect(await childNames(page, 'Group checkout, 1 problem')).toEqual(['POST /cart', 'Batch of 2 requests, 1 problem']);
  await expect(item(page, 'Batch of 2 requests, 1 problem')).toBeFocused();
  await expect.poll(async () => (await saved()).scenarios.browse.steps).toHaveLength(3);
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  expect(await childNames(page, 'Group checkout')).toEqual(['POST /cart']);

  // Left collapses, Right expands; Home and End.
  await item(page, 'Group checkout').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(item(page, 'Group checkout')).toHaveAttribute('aria-expanded', 'false');
  await expect(item(page, 'POST /cart')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(item(page, 'POST /cart')).toBeVisible();
  await page.keyboard.press('End');
  await expect(item(page, 'PUT /admin')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item(page, 'Plan settings')).toBeFocused();

  // F2 renames inline: a group, then a scenario (its key, in place), with the name checked as typed.
  await item(page, 'Group checkout').focus();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'New name for checkout' }).fill('pay:now');
  await expect(tree(page).getByRole('alert')).toContainText('may not contain');
  await page.getByRole('textbox', { name: 'New name for checkout' }).fill('pay');
  await page.keyboard.press('Enter');
  await expect(item(page, 'Group pay')).toBeFocused();
  await item(page, /^admin/).focus();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'New name for admin' }).fill('browse');
  await expect(tree(page).getByRole('alert')).toContainText('already exists');
  await page.keyboard.press('Escape');
  await expect(item(page, /^admin/)).toBeFocused();
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'New name for admin' }).fill('back-office');
  await page.keyboard.press('Enter');
  await expect(item(page, /^back-office/)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => Object.keys((await saved()).scenarios)).toEqual(['browse', 'back-office']);
  expect((await saved()).scenarios.browse.steps[2]).toEqual({
    group: { name: 'pay', steps: [{ request: { method: 'POST', url: '/cart' } }] },
  });

  // Delete removes a step at once (undo brings it back).
  await item(page, 'Think 1s').focus();
  await page.keyboard.press('Delete');
  await expect(item(page, 'Think 1s')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(item(page, 'Think 1s')).toBeVisible();
});

test('add, duplicate, delete and drag', async ({ page }) => {
  const saved = await openPlan(page);

  await page.getByRole('button', { name: 'Add scenario' }).click();
  await page.getByRole('textbox', { name: 'New scenario name' }).fill('admin');
  await expect(tree(page).getByRole('alert')).toContainText('already exists');
  await page.getByRole('textbox', { name: 'New scenario name' }).fill('checkout');
  await page.keyboard.press('Enter');
  const added = item(page, 'checkout, constant-vus 1 VU for 30s');
  await expect(added).toHaveAttribute('aria-selected', 'true');
  await expect(added).toBeFocused();
  await expect
    .poll(async () => (await saved()).scenarios)
    .toMatchObject({ checkout: { executor: 'constant-vus', vus: 1, duration: '30s', steps: [{ request: {} }] } });

  // The "+" menu adds a step at the end and selects it; the "⋯" menu duplicates (the copy goes right after).
  await added.getByRole('button', { name: 'Add to checkout' }).click();
  await page.getByRole('menuitem', { name: 'Think time' }).click();
  await expect(added.getByRole('treeitem', { name: 'Think 1s' })).toHaveAttribute('aria-selected', 'true');
  await item(page, /^admin/)
    .getByRole('button', { name: 'Actions for admin' })
    .click();
  await page.getByRole('menuitem', { name: /Duplicate/ }).click();
  await expect(item(page, /^admin-copy/)).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => Object.keys((await saved()).scenarios))
    .toEqual(['browse', 'admin', 'admin-copy', 'checkout']);

  // Deleting a scenario with steps asks first.
  await item(page, /^admin-copy/).focus();
  await page.keyboard.press('Delete');
  await page
    .getByRole('dialog', { name: 'Delete scenario admin-copy?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(item(page, /^admin-copy/)).toHaveCount(0);

  // Drag a step onto another scenario: one edit, one undo.
  await row(page, 'PUT /admin').dragTo(row(page, /^browse/));
  expect(await childNames(page, 'admin, constant-vus 2 VUs for 30s, 1 problem')).toEqual([]);
  await expect(item(page, 'PUT /admin')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await saved()).scenarios.admin.steps).toEqual([]);
  expect((await saved()).scenarios.browse.steps.at(-1)).toEqual({ request: { method: 'PUT', url: '/admin' } });
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await childNames(page, 'admin, constant-vus 2 VUs for 30s')).toEqual(['PUT /admin']);

  // Drag a request out of its batch, to before the first step (the top of the row).
  await row(page, 'GET /a').dragTo(row(page, 'GET List users'), { targetPosition: { x: 30, y: 2 } });
  await expect.poll(async () => (await saved()).scenarios.browse.steps[0]).toEqual({ request: { url: '/a' } });
  expect((await saved()).scenarios.browse.steps[4]).toEqual({ batch: [{ request: { url: '/b', methd: 'GET' } }] });
  // A group cannot go into a batch: the drop is refused and nothing changes.
  await row(page, 'Group checkout').dragTo(row(page, /^Batch of 1 request/));
  await expect(item(page, 'Group checkout')).toBeVisible();
  expect(await childNames(page, 'Batch of 1 request, 1 problem')).toEqual(['GET /b, 1 problem']);
});
