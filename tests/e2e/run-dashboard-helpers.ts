/**
 * Helpers of run-dashboard.e2e.ts (set-up through the UI, reading the charts' point counts, screenshots), and the
 * contract call the run tests (run-compare*.e2e.ts) make from the page.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Tick } from '../../engine/runtime/run-handle.ts';

export { createEnvironment } from './designer-helpers.ts';

/** Calls the app's back end from the page (same origin, the session cookie of the login link); throws on an error. */
export async function call<T>(page: Page, method: string, params: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ([m, p]) => {
      const res = await fetch('/api/call', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: m, params: p }),
      });
      return (await res.json()) as { ok: boolean; result?: unknown; error?: { message: string } };
    },
    [method, params] as const,
  );
  if (!reply.ok) throw new Error(`${method}: ${reply.error?.message ?? 'failed'}`);
  return reply.result as T;
}

/** A plan made from the Demo template, opened in the designer. */
export async function openNewDemoPlan(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByRole('textbox', { name: 'Plan name' }).fill(name);
  await page.getByRole('radio', { name: 'Demo' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('tree', { name: 'Plan' })).toBeVisible();
}

/** The run-wide charts of the dashboard. */
export const CHARTS = ['rps', 'failed', 'vus', 'latency', 'data'];

export const chart = (page: Page, id: string): Locator => page.locator(`figure[data-chart="${id}"]`);

/** Each series' number of points (before downsampling), from the chart's data-points attribute. */
export async function seriesLengths(page: Page, id: string): Promise<number[]> {
  const text = await chart(page, id).getAttribute('data-points');
  return text ? text.split(',').map(Number) : [];
}

/** The first series' point count (0 when the chart has no series yet). */
export async function pointCount(page: Page, id: string): Promise<number> {
  return (await seriesLengths(page, id))[0] ?? 0;
}

/** The first series' point count and last x (seconds since the start), read together (one render's values). */
export async function countAndLastX(page: Page, id: string): Promise<{ count: number; lastX: number }> {
  return chart(page, id).evaluate((el) => ({
    count: Number((el.getAttribute('data-points') ?? '').split(',')[0] || 0),
    lastX: Number(el.getAttribute('data-last-x') || 0),
  }));
}

/** The visible text of each row of a table (header row included), cells separated by " | ". */
export async function tableText(table: Locator): Promise<string[]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).join(' | ')),
    );
}

/** Each key-number tile's text, e.g. "REQUESTS 463" (label and value). */
export async function tiles(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Key numbers' })
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
}

/** Follows the events WebSocket of `page` (also after reloads): the newest `run.tick` seen. */
export function recordTicks(page: Page): () => Tick | undefined {
  let last: Tick | undefined;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"run.tick"')) return;
      const message = JSON.parse(payload) as { event: string; payload: { tick: Tick } };
      if (message.event === 'run.tick') last = message.payload.tick;
    }),
  );
  return () => last;
}

/** The page scrolls inside the app's main area: back to its top (the live panel, key numbers, charts). */
export async function scrollToTop(page: Page): Promise<void> {
  await page.locator('main.main').evaluate((el) => {
    el.scrollTop = 0;
  });
}

/** What the dashboard shows of a finished run: key numbers, tables, and each chart's point counts. */
export async function capture(page: Page) {
  const points: Record<string, number> = {};
  for (const id of CHARTS) points[id] = await pointCount(page, id);
  return {
    tiles: await tiles(page),
    requests: await tableText(page.getByRole('table', { name: 'Requests' })),
    thresholds: await tableText(page.getByRole('table', { name: 'Thresholds' })),
    statuses: await tableText(page.getByRole('table', { name: 'Status codes' })),
    points,
  };
}

export { shot } from './screenshot.ts';
