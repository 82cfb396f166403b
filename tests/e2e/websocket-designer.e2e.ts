/**
 * A WebSocket session built by clicking, against the demo server's /ws/echo: added from the scenario's "+" menu,
 * renamed, its message retyped, a ping added and moved before the close, an extraction added to its receive. Try it
 * on the session shows the exchange in order (the message sent, the same message echoed back, the close) with a
 * passed check and the extracted value; Validate lists the session too; the designer stored exactly that plan.
 */
import { expect, test } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { api, editor, item, results, row, shot, waitSaved } from './designer-helpers.ts';

let ui: RunningUi | undefined;
let demo: DemoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await demo?.close();
  ui = undefined;
  demo = undefined;
});
test.use({ viewport: { width: 1440, height: 1000 } });

test('build a WebSocket session by clicking, try it against /ws/echo and validate it', async ({ page }) => {
  test.setTimeout(120_000);
  demo = await startDemoServer({ port: 0 });
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const call = api(page);
  const {
    result: { id },
  } = await call('plans.create', { name: 'Echo session' });
  await call('plans.save', {
    id,
    document: {
      version: 1,
      name: 'Echo session',
      defaults: { baseUrl: demo.url },
      scenarios: { default: { executor: 'per-vu-iterations', steps: [{ think: '100ms' }] } },
    },
  });
  await page.goto(`${ui.url}/#/plans/${id as string}`);
  const form = editor(page);

  // Added from the scenario's menu: a session that echoes one message, selected and open in its editor.
  await item(page, /^default, /)
    .locator(':scope > .tree-row')
    .getByRole('button', { name: 'Add to default' })
    .click();
  await page
    .getByRole('menu', { name: 'Add to default' })
    .getByRole('menuitem', { name: 'WebSocket session', exact: true })
    .click();
  await expect(item(page, 'WebSocket session New WebSocket session')).toHaveAttribute('aria-selected', 'true');
  await form.getByRole('textbox', { name: 'Session name' }).fill('echo');
  await expect(item(page, 'WebSocket session echo')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'URL', exact: true })).toHaveValue('/ws/echo');
  await shot(page, 'websocket-00-new-session');

  const actions = form.getByRole('list', { name: 'Actions' });
  await expect(actions.getByRole('listitem')).toHaveCount(3);
  await form.getByRole('combobox', { name: 'Action 1 text' }).fill('hello from VU ${vu}, iteration ${iter}');
  // A ping goes at the end, after the close: moved up once, it runs before it.
  await form.getByRole('button', { name: 'Add ping' }).click();
  await expect(actions.getByRole('group', { name: 'Action 4: Ping' })).toBeVisible();
  await form.getByRole('button', { name: 'Move action 4 up' }).click();
  await expect(actions.getByRole('group', { name: 'Action 3: Ping' })).toBeVisible();
  await expect(actions.getByRole('group', { name: 'Action 4: Close' })).toBeVisible();
  // The move is an edit like any other: undone and redone.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(actions.getByRole('group', { name: 'Action 4: Ping' })).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(actions.getByRole('group', { name: 'Action 3: Ping' })).toBeVisible();

  // The receive: named, and the VU number taken from the echoed text.
  const receive = actions.getByRole('group', { name: /^Action 2: Receive/ });
  await receive.getByRole('textbox', { name: 'Action 2 name' }).fill('echo back');
  await expect(actions.getByRole('group', { name: 'Action 2: Receive echo back' })).toBeVisible();
  await receive.getByRole('button', { name: 'Add extraction' }).click();
  await receive.getByRole('combobox', { name: 'Extraction 1 source' }).selectOption({ label: 'Regular expression' });
  await receive.getByRole('textbox', { name: 'Extraction 1 variable' }).fill('vuNumber');
  await receive.getByRole('textbox', { name: 'Extraction 1 regex' }).fill('VU (\\d+)');
  await waitSaved(page);
  await shot(page, 'websocket-01-session-editor');
  await form.getByRole('tab', { name: 'Options' }).click();
  await form.getByRole('checkbox', { name: 'Accept any certificate (insecure)' }).check();
  await shot(page, 'websocket-01b-session-options');

  // Try it on the session: the exchange in order, the check passed, the value extracted.
  await row(page, 'WebSocket session echo').click();
  await page.getByRole('button', { name: 'Try it' }).click();
  const panel = results(page);
  const exchange = panel.getByRole('region', { name: 'WebSocket session echo' });
  await expect(exchange.getByRole('status', { name: 'Handshake status' })).toHaveText('101 Switching Protocols');
  const rows = exchange.getByRole('table', { name: 'Message exchange' }).getByRole('row');
  // The header row, opened, sent, received, ping, pong, closed.
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(1)).toContainText('opened');
  await expect(rows.nth(2)).toContainText('↑ sent');
  await expect(rows.nth(2)).toContainText('hello from VU 1, iteration 0');
  await expect(rows.nth(2)).toContainText('28 B');
  await expect(rows.nth(3)).toContainText('↓ received');
  await expect(rows.nth(3)).toContainText('hello from VU 1, iteration 0');
  await expect(rows.nth(3)).toContainText('✓ taken by echo back');
  await expect(rows.nth(4)).toContainText('↑ ping');
  await expect(rows.nth(5)).toContainText('↓ pong');
  await expect(rows.nth(5)).toContainText('round trip');
  await expect(rows.nth(6)).toContainText('closed by the client');
  await expect(rows.nth(6)).toContainText('1000');
  await expect(exchange.getByRole('list', { name: 'Checks of echo back' })).toHaveText(/Passed: body contains "hello"/);
  await expect(exchange.getByRole('definition')).toHaveText('1');
  await shot(page, 'websocket-02-try-it');

  // Validate runs the plan: the session is listed with the same exchange.
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(panel).toContainText('1 WebSocket session');
  const validated = panel.getByRole('region', { name: 'WebSocket sessions' });
  await expect(validated.getByRole('table', { name: 'Message exchange' }).getByRole('row')).toHaveCount(7);
  await expect(validated.getByRole('list', { name: 'Checks of echo back' })).toHaveText(/Passed/);
  await shot(page, 'websocket-03-validate');

  // What the designer stored is the plan the clicks describe (once the last edit, the insecure box, is saved).
  await waitSaved(page);
  const stored = await call('plans.get', { id });
  const steps = (stored.result.document as { scenarios: { default: { steps: unknown[] } } }).scenarios.default.steps;
  expect(steps[1]).toEqual({
    websocket: {
      name: 'echo',
      url: '/ws/echo',
      insecureTls: true,
      actions: [
        { send: 'hello from VU ${vu}, iteration ${iter}' },
        {
          receive: {
            name: 'echo back',
            timeout: '5s',
            checks: [{ body: { contains: 'hello' } }],
            extract: { vuNumber: { regex: 'VU (\\d+)' } },
          },
        },
        { ping: true },
        { close: true },
      ],
    },
  });
});
