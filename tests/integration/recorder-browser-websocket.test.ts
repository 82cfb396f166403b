/**
 * A page's WebSocket recorded from Chromium: a tiny page on 127.0.0.1 opens a ws:// connection to its own server and
 * sends two messages (each after the previous answer); Chromium goes through the recorder's proxy with the args the
 * Recorder gives. The session is one entry with its messages, and the plan made from it replays them.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { openTestServices, type TestServices } from '../../app/services/testing.ts';
import type { Plan } from '../../engine/plan/schema/index.ts';
import { stepsOf } from '../../engine/plan/walk.ts';
import { runPlan } from '../../engine/run/run-plan.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const PAGE = `<!doctype html><title>chat</title><script>
const ws = new WebSocket('ws://' + location.host + '/chat');
let answers = 0;
ws.onopen = () => ws.send(JSON.stringify({ type: 'say', text: 'one' }));
ws.onmessage = () => {
  answers++;
  if (answers === 1) ws.send(JSON.stringify({ type: 'say', text: 'two' }));
  else { ws.close(1000, 'bye'); document.title = 'done'; }
};
</script>`;

let server: Server;
let base = '';
const received: string[] = [];
let t: TestServices;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  const wss = new WebSocketServer({ server, path: '/chat' });
  wss.on('connection', (ws) =>
    ws.on('message', (data: Buffer) => {
      received.push(data.toString());
      ws.send(JSON.stringify({ echo: JSON.parse(data.toString()) as unknown }));
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await openTestServices('recorder-browser-ws');
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

describe.skipIf(!existsSync(CHROMIUM))('a page WebSocket recorded from Chromium', () => {
  it('is one entry with its two messages and their answers, and its plan sends them again', async () => {
    const { chromium } = await import('@playwright/test');
    const { id } = await t.call('recordings.start', { name: 'Chat', allowHosts: ['127.0.0.1'] });
    const { chromiumArgs } = await t.call('recordings.ca', {});
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...chromiumArgs, '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/`);
      for (let i = 0; i < 200 && (await page.title()) !== 'done'; i++) await page.waitForTimeout(100);
      expect(await page.title()).toBe('done');
    } finally {
      await browser.close();
    }
    let entries = await t.call('recordings.entries', { id });
    for (let i = 0; i < 200 && !entries.some((e) => e.type === 'websocket'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      entries = await t.call('recordings.entries', { id });
    }
    await t.call('recordings.stop', { id });
    const session = entries.find((e) => e.type === 'websocket');
    expect(session).toMatchObject({ url: `${base.replace('http', 'ws')}/chat`, status: 101, messages: 4 });
    const full = await t.call('recordings.entry', { id, entryId: session!.id });
    expect(full.webSocket?.messages.map((m) => [m.type, m.data])).toEqual([
      ['send', '{"type":"say","text":"one"}'],
      ['receive', '{"echo":{"type":"say","text":"one"}}'],
      ['send', '{"type":"say","text":"two"}'],
      ['receive', '{"echo":{"type":"say","text":"two"}}'],
    ]);

    const page = entries.find((e) => e.type === 'document')!;
    const { plan } = await t.call('recordings.toPlan', {
      id,
      name: 'chat',
      entryIds: [page.id, session!.id],
      acceptedCorrelations: [],
    });
    const doc = plan.document as Plan;
    const kinds = [...stepsOf(doc)].map((v) => Object.keys(v.step)[0]);
    expect(kinds.filter((k) => k !== 'group')).toEqual(['request', 'websocket']);
    received.length = 0;
    const summary = await runPlan(doc, { env: {}, workers: 1 }).done;
    expect(summary.errors).toEqual([]);
    expect(summary.checks.every((c) => c.fails === 0)).toBe(true);
    expect(received).toEqual(['{"type":"say","text":"one"}', '{"type":"say","text":"two"}']);
  }, 60_000);
});
