/**
 * The run view of a plan with gRPC and WebSocket steps, in browser mode: gRPC calls (the demo's lookup over
 * grpc-js, found by reflection) and WebSocket sessions (an echo server), both on 127.0.0.1. Their charts appear
 * and grow with the live ticks, and the finished run redraws them from its stored samples.
 */
import { expect, test } from '@playwright/test';
import type { RunDetail, RunRow } from '../../app/contract/runs.ts';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { newDataDir, startUi, type RunningUi } from './app-server.ts';
import { call, chart, CHARTS, pointCount } from './run-dashboard-helpers.ts';

let ui: RunningUi | undefined;
let grpc: GrpcLookup | undefined;
let echo: EchoServer | undefined;
test.afterEach(async () => {
  await ui?.stop();
  await grpc?.close();
  await echo?.close();
});

const PROTOCOL_CHARTS = ['grpc-rate', 'grpc-latency', 'ws-rate', 'ws-connecting'];

test('gRPC and WebSocket charts appear and grow live, and stay after the run', async ({ page }) => {
  test.setTimeout(120_000);
  [grpc, echo] = await Promise.all([startGrpcLookup(), startEchoServer()]);
  ui = await startUi(await newDataDir());
  await page.goto(ui.loginUrl);
  const plan = await call<{ id: string }>(page, 'plans.create', { name: 'Protocols', template: 'blank' });
  const constant = { executor: 'constant-vus', vus: 2, duration: '10s' };
  await call(page, 'plans.save', {
    id: plan.id,
    document: {
      version: 1,
      name: 'Protocols',
      scenarios: {
        lookups: {
          ...constant,
          steps: [
            {
              grpc: {
                name: 'get',
                target: `127.0.0.1:${grpc.port}`,
                plaintext: true,
                method: 'lookup.Lookup/Get',
                message: { phone: '0754952799' },
              },
            },
            { think: '50ms' },
          ],
        },
        chat: {
          ...constant,
          steps: [
            { websocket: { name: 'echo', url: `${echo.url}/echo`, actions: [{ send: 'hi' }, { receive: {} }] } },
            { think: '100ms' },
          ],
        },
      },
    },
  });
  const run = await call<RunRow>(page, 'runs.start', { planId: plan.id });
  await page.goto(`${ui.url}/#/runs/${run.id}`);

  // Live: each protocol chart shows up and gains points with the ticks.
  await expect.poll(() => pointCount(page, 'grpc-rate'), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const before = await Promise.all(PROTOCOL_CHARTS.map((id) => pointCount(page, id)));
  await expect
    .poll(async () => (await pointCount(page, 'grpc-rate')) - (before[0] as number), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const after = await Promise.all(PROTOCOL_CHARTS.map((id) => pointCount(page, id)));
  PROTOCOL_CHARTS.forEach((id, i) => expect(after[i], `chart ${id} grows`).toBeGreaterThan(before[i] as number));
  const live = await call<RunDetail>(page, 'runs.get', { id: run.id });
  expect(live.status).toBe('running');

  // Finished: the same charts from the stored samples, next to the HTTP ones.
  await expect
    .poll(async () => (await call<RunDetail>(page, 'runs.get', { id: run.id })).status, { timeout: 60_000 })
    .not.toBe('running');
  await page.reload();
  for (const id of [...CHARTS, ...PROTOCOL_CHARTS]) await expect(chart(page, id), id).toBeVisible();
  await expect.poll(() => pointCount(page, 'ws-rate'), { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
  await expect(chart(page, 'grpc-rate')).toContainText('gRPC calls per second');
  await expect(chart(page, 'ws-rate')).toContainText('WebSocket sessions and messages per second');
});
