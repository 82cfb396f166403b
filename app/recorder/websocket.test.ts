/**
 * WebSocket sessions through the recording proxy, end to end: a real `ws` server on 127.0.0.1, a real `ws` client
 * tunnelled through the proxy (CONNECT, as browsers do; wss:// through the recorder CA), the session stored as one
 * entry, exported with its messages, converted to a websocket step, and that plan run against the same server.
 */
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Plan, WebSocketSession } from '../../engine/plan/schema/index.ts';
import { stepsOf } from '../../engine/plan/walk.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { startEchoServer, startRefusingServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { makeTestPki } from '../../tests/fixtures/tls.ts';
import { openTestServices, type TestServices } from '../services/testing.ts';
import { MESSAGE_BYTES_CAP, SESSION_MESSAGE_CAP } from './websocket-capture.ts';

const TOKEN = 'ws-t0ken-9f8e7d6c5b4a';
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function services(): Promise<TestServices> {
  const t = await openTestServices('ws-recorder');
  cleanup.push(() => t.close());
  return t;
}

async function echo(o: Parameters<typeof startEchoServer>[0] = {}): Promise<EchoServer> {
  const s = await startEchoServer({ greet: ['{"type":"welcome"}'], ...o });
  cleanup.push(() => s.close());
  return s;
}

/** A CONNECT tunnel through the proxy to `host` (what a browser opens for ws:// and wss:// alike). */
function tunnel(proxyPort: number, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxyPort, '127.0.0.1', () =>
      socket.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
    );
    socket.once('data', (d) => {
      const line = d.toString('latin1').split('\r\n', 1)[0]!;
      if (line.includes(' 200')) resolve(socket);
      else reject(new Error(`CONNECT ${host}: ${line}`));
    });
    socket.once('error', reject);
  });
}

/** Opens `url` through the proxy and runs `talk` on it; resolves when the session has closed. */
async function session(
  proxyPort: number,
  url: string,
  talk: (ws: WebSocket, next: () => Promise<Buffer>) => Promise<void>,
  ca?: string,
): Promise<void> {
  const u = new URL(url);
  const socket = await tunnel(proxyPort, u.host);
  const ws = new WebSocket(url, ['chat.v1', 'chat.v2'], {
    headers: { Authorization: `Bearer ${TOKEN}` },
    // The tunnel is the connection; for wss:// the TLS inside it is the proxy's, signed by the recorder CA.
    createConnection: () => (ca ? tlsConnect({ socket, ca, servername: 'localhost' }) : socket),
  });
  const inbox: Buffer[] = [];
  const waiting: ((b: Buffer) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const w = waiting.shift();
    if (w) w(data);
    else inbox.push(data);
  });
  const next = (): Promise<Buffer> =>
    inbox.length > 0 ? Promise.resolve(inbox.shift()!) : new Promise((r) => waiting.push(r));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await talk(ws, next);
  const closed = new Promise<void>((r) => ws.once('close', () => r()));
  ws.close(1000, 'done');
  await closed;
}

/** Sends a text and a binary message, each after the previous answer, as a chat page would. */
async function chat(ws: WebSocket, next: () => Promise<Buffer>): Promise<void> {
  expect((await next()).toString()).toBe('{"type":"welcome"}');
  ws.send('{"type":"say","text":"hi ${all}"}');
  await next();
  ws.send(Buffer.from([0, 1, 2, 3]));
  await next();
}

/** Polls the recording until an entry of type websocket is listed (a session is stored when it closes). */
async function webSocketEntry(t: TestServices, id: string) {
  for (let i = 0; i < 200; i++) {
    const found = (await t.call('recordings.entries', { id })).find((e) => e.type === 'websocket');
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no websocket entry was recorded');
}

function sessionOf(plan: Plan): WebSocketSession {
  const found = [...stepsOf(plan)].flatMap((v) => ('websocket' in v.step ? [v.step.websocket] : []));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('recording WebSocket sessions through the proxy', () => {
  it('ws://: one entry with its messages in order, a websocket step, and a plan that replays against the server', async () => {
    const server = await echo();
    const t = await services();
    const { id, port } = await t.call('recordings.start', { allowHosts: ['127.0.0.1'] });
    await session(port, `${server.url}/chat?room=7`, chat);
    const entry = await webSocketEntry(t, id);
    await t.call('recordings.stop', { id });

    expect(entry).toMatchObject({
      method: 'GET',
      url: `${server.url}/chat?room=7`,
      status: 101,
      type: 'websocket',
      messages: 5,
      size: '{"type":"welcome"}'.length + 2 * '{"type":"say","text":"hi ${all}"}'.length + 2 * 4,
      secret: true,
    });
    const full = await t.call('recordings.entry', { id, entryId: entry.id });
    expect(full.request.headers.find((h) => h.name.toLowerCase() === 'authorization')?.value).toBe('Bearer REDACTED');
    expect(full.response.headers.find((h) => h.name.toLowerCase() === 'sec-websocket-protocol')?.value).toBe('chat.v2');

    expect(full.webSocket?.messages.map((m) => [m.type, m.binary, m.data])).toEqual([
      ['receive', false, '{"type":"welcome"}'],
      ['send', false, '{"type":"say","text":"hi ${all}"}'],
      ['receive', false, '{"type":"say","text":"hi ${all}"}'],
      ['send', true, 'AAECAw=='],
      ['receive', true, 'AAECAw=='],
    ]);
    expect(full.webSocket?.ended).toBe('closed with 1000 (done)');

    // The messages as stored, through the HAR export (Chrome's _webSocketMessages), the token redacted.
    const har = JSON.parse((await t.call('recordings.exportHar', { id })).text) as {
      log: { entries: { _webSocketMessages?: { type: string; opcode: number; data: string; time: number }[] }[] };
    };
    const messages = har.log.entries.flatMap((e) => e._webSocketMessages ?? []);
    expect(messages.map((m) => [m.type, m.opcode, m.data])).toEqual([
      ['receive', 1, '{"type":"welcome"}'],
      ['send', 1, '{"type":"say","text":"hi ${all}"}'],
      ['receive', 1, '{"type":"say","text":"hi ${all}"}'],
      ['send', 2, 'AAECAw=='],
      ['receive', 2, 'AAECAw=='],
    ]);
    const times = messages.map((m) => m.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs(times[0]! * 1000 - Date.parse(entry.startedAt))).toBeLessThan(60_000);
    expect(JSON.stringify(har)).not.toContain(TOKEN);

    const { plan, variables } = await t.call('recordings.toPlan', { id, name: 'chat', acceptedCorrelations: [] });
    const ws = sessionOf(plan.document as Plan);
    expect(ws.url).toBe('/chat?room=7');
    expect(ws.subprotocols).toEqual(['chat.v1', 'chat.v2']);
    expect(ws.checks).toEqual([{ status: 101 }]);
    expect(ws.headers?.Authorization).toMatch(/^Bearer \$\{env\.[A-Z_]+\}$/);
    expect(ws.actions).toEqual([
      { receive: {} },
      { send: '{"type":"say","text":"hi $${all}"}' },
      { receive: {} },
      { send: { binary: 'AAECAw==' } },
      { receive: {} },
      { close: true },
    ]);
    expect(JSON.stringify(plan.document)).not.toContain(TOKEN);

    // Replayed: the server gets the same messages again, with the token from the environment.
    const env = Object.fromEntries(variables.filter((v) => v !== 'BASE_URL').map((v) => [v, TOKEN]));
    const summary = await runPlan(plan.document as Plan, { env, workers: 1 }).done;
    expect(summary.errors).toEqual([]);
    expect(summary.checks.map((c) => [c.passes, c.fails])).toEqual([[1, 0]]);
    expect(server.handshakes).toHaveLength(2);
    expect(server.handshakes[1]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.received).toEqual([
      '{"type":"say","text":"hi ${all}"}',
      'AAECAw==',
      '{"type":"say","text":"hi ${all}"}',
      'AAECAw==',
    ]);
  }, 60_000);

  it('wss://: intercepted with the recorder CA, recorded, and replayed with insecureTls for the unchecked host', async () => {
    const pki = makeTestPki();
    const server = await echo({ tls: { key: pki.serverKey, cert: pki.serverCert } });
    const host = new URL(server.url).host;
    const t = await services();
    const { id, port } = await t.call('recordings.start', { allowHosts: ['127.0.0.1'], insecureHosts: [host] });
    const ca = (await t.call('recordings.ca', {})).certificatePem;
    await session(port, `${server.url}/live`, chat, ca);
    const entry = await webSocketEntry(t, id);
    await t.call('recordings.stop', { id });
    expect(entry).toMatchObject({ url: `${server.url}/live`, status: 101, type: 'websocket', messages: 5 });

    const { plan, variables } = await t.call('recordings.toPlan', { id, name: 'live', acceptedCorrelations: [] });
    const ws = sessionOf(plan.document as Plan);
    expect(ws).toMatchObject({ url: '/live', insecureTls: true });
    expect((plan.document as Plan).defaults?.baseUrl).toBe(`\${env.BASE_URL:-https://${host}}`);
    const env = Object.fromEntries(variables.filter((v) => v !== 'BASE_URL').map((v) => [v, TOKEN]));
    const summary = await runPlan(plan.document as Plan, { env, workers: 1 }).done;
    expect(summary.errors).toEqual([]);
    expect(server.handshakes).toHaveLength(2);
    expect(server.received).toHaveLength(4);
  }, 60_000);

  it('a handshake the server refuses is an entry with its status and why, and no messages', async () => {
    const refusing = await startRefusingServer(401);
    cleanup.push(() => refusing.close());
    const t = await services();
    const { id, port } = await t.call('recordings.start', { allowHosts: ['127.0.0.1'] });
    const socket = await tunnel(port, new URL(refusing.url).host);
    const ws = new WebSocket(`${refusing.url}/private`, { createConnection: () => socket });
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });
    expect(status).toBe(401);
    const entry = await webSocketEntry(t, id);
    expect(entry).toMatchObject({ url: `${refusing.url}/private`, status: 401, messages: 0 });
    const full = await t.call('recordings.entry', { id, entryId: entry.id });
    expect(full.webSocket).toEqual({ messages: [], dropped: 0, ended: 'the server refused the WebSocket' });
  }, 30_000);

  it('keeps so many messages of a session and so many bytes of each, and says what it left out', async () => {
    const server = await echo({ greet: [] });
    const t = await services();
    const { id, port } = await t.call('recordings.start', { allowHosts: ['127.0.0.1'] });
    const extra = 3;
    const big = 'x'.repeat(MESSAGE_BYTES_CAP + 100);
    await session(port, server.url, async (ws, next) => {
      ws.send(big);
      await next();
      // Both ways count: SESSION_MESSAGE_CAP messages in all (sends and their echoes), then `extra` sends more.
      for (let i = 1; i < SESSION_MESSAGE_CAP / 2 + extra; i++) {
        ws.send(`m${i}`);
        await next();
      }
    });
    const entry = await webSocketEntry(t, id);
    expect(entry).toMatchObject({ messages: SESSION_MESSAGE_CAP + 2 * extra, truncated: true });
    const full = await t.call('recordings.entry', { id, entryId: entry.id });
    expect(full.webSocket).toMatchObject({ dropped: 2 * extra });
    expect(full.webSocket?.messages[0]).toMatchObject({ size: big.length, truncated: true });
    const har = JSON.parse((await t.call('recordings.exportHar', { id })).text) as {
      log: { entries: { _webSocketMessages?: { data: string; _size?: number; _truncated?: boolean }[] }[] };
    };
    const kept = har.log.entries.flatMap((e) => e._webSocketMessages ?? []);
    expect(kept).toHaveLength(SESSION_MESSAGE_CAP);
    expect(kept[0]).toMatchObject({ _size: big.length, _truncated: true });
    expect(kept[0]?.data).toHaveLength(MESSAGE_BYTES_CAP);

    const { notes } = await t.call('recordings.propose', { id });
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1 message was larger than the recording keeps: sent as far as recorded/),
        expect.stringMatching(/^6 more messages after the recording's limit per session were not recorded/),
      ]),
    );
  }, 60_000);
});
