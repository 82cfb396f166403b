/** The WebSocket session step against real `ws` servers on 127.0.0.1: actions, checks, extraction, metrics, errors. */
import type { Dispatcher } from 'undici';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import type { Step } from '../../plan/schema/index.ts';
import { makeTestPki } from '../../../tests/fixtures/tls.ts';
import { compileSteps } from '../compile/steps.ts';
import { loadWebSocketPackage } from '../protocol-packages.ts';
import { runIteration, type WorkerContext } from '../vu/interpreter.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import { MAX_INBOX } from './session.ts';
import { startEchoServer, startRefusingServer, startSilentServer } from './testing.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function echo(o: Parameters<typeof startEchoServer>[0] = {}) {
  const s = await startEchoServer(o);
  closers.push(s.close);
  return s;
}

/** Compiles `steps` as scenario s and runs iterations of one VU over them. */
function setup(steps: unknown[], more: { defaults?: object; files?: Map<string, Buffer> } = {}) {
  const { plan } = validatePlanValue({
    version: 1,
    name: 't',
    ...(more.defaults ? { defaults: more.defaults } : {}),
    scenarios: { s: { executor: 'per-vu-iterations', steps } },
  });
  const recorder = new MetricsRecorder();
  const compiled = compileSteps(
    plan.scenarios.s!.steps as Step[],
    '',
    { plan, scenario: 's', scenarioTags: undefined, recorder, files: more.files ?? new Map() },
    ['scenarios', 's', 'steps'],
  );
  const wc: WorkerContext = { dispatcher: undefined as unknown as Dispatcher, recorder, userAgent: 'loadsmith-test' };
  const vu = new VirtualUser(1, 's', {}, 'vu');
  const run = (iter = 0) => {
    vu.beginIteration(iter);
    return runIteration(vu, compiled, wc);
  };
  const flush = () => recorder.flush(0, 0, true, {});
  return { vu, run, flush, recorder };
}

type Flushed = ReturnType<MetricsRecorder['flush']>;
const total = (s: Flushed, metric: string): number =>
  (s.tagged ?? []).filter((t) => t.metric === metric).reduce((a, t) => a + t.count, 0);
const errors = (s: Flushed) => s.errors.map((e) => [e.kind, e.count]);
const checks = (s: Flushed) => Object.fromEntries(s.checks.map((c) => [c.key.check, [c.pass, c.fail]]));

// The step code reads ws once it is loaded (protocol-packages.ts): runs and workers load it first, as here.
beforeAll(async () => {
  await loadWebSocketPackage();
});

describe('websocket session', () => {
  it('sends, waits for a matching message, checks and extracts, pings and closes; the server counts it all', async () => {
    const srv = await echo({ greet: ['{"type":"noise"}', '{"type":"welcome","id":42}'] });
    const { run, flush, vu } = setup([
      {
        websocket: {
          name: 'chat',
          url: `${srv.url}/chat?vu=\${vu}`,
          subprotocols: ['chat.v1', 'chat.v2'],
          headers: { 'X-Trace': 't-${vu}' },
          checks: [{ status: 101 }, { header: 'sec-websocket-protocol', equals: 'chat.v2' }],
          actions: [
            {
              receive: {
                match: { jsonPath: '$.type', equals: 'welcome' },
                extract: { id: { jsonPath: '$.id' } },
                checks: [{ jsonPath: '$.id', gt: 40 }],
              },
            },
            { send: 'hello ${id}' },
            {
              receive: {
                name: 'echo',
                condition: 'message == "hello 42"',
                timeout: '5s',
                checks: [{ body: { contains: 'hello' } }],
              },
            },
            { send: { json: { n: '${vu}' } } },
            { receive: { checks: [{ jsonPath: '$.n', equals: 1 }] } },
            { send: { binary: 'AAEC' } },
            { receive: { timeout: '5s' } },
            { ping: true },
            { close: { code: 4000, reason: 'bye' } },
          ],
        },
      },
    ]);
    expect(await run()).toBe('completed');
    const s = flush();
    expect(errors(s)).toEqual([]);
    expect(srv.received).toEqual(['hello 42', '{"n":1}', 'AAEC']);
    expect(srv.handshakes[0]?.['x-trace']).toBe('t-1');
    expect(srv.handshakes[0]?.['user-agent']).toBe('loadsmith-test');
    expect(srv.protocols).toEqual(['chat.v2']);
    expect(srv.pings).toBe(1);
    await expect.poll(() => srv.closes).toEqual([4000]);
    expect(vu.ctx.vars.get('id')).toBe(42);
    expect(checks(s)).toEqual({
      'status is 101': [1, 0],
      'header sec-websocket-protocol == "chat.v2"': [1, 0],
      'receive 1: $.id > 40': [1, 0],
      'echo: body contains "hello"': [1, 0],
      'receive 5: $.n == 1': [1, 0],
    });
    expect(total(s, 'ws_sessions')).toBe(1);
    expect(total(s, 'ws_msgs_sent')).toBe(3);
    expect(total(s, 'ws_msgs_received')).toBe(5);
    for (const m of ['ws_connecting', 'ws_session_duration', 'ws_ping']) expect(total(s, m), m).toBe(1);
    // The frames crossed the wire: at least the handshake and the payloads, masked, each way.
    expect(total(s, 'data_sent')).toBeGreaterThan(200);
    expect(total(s, 'data_received')).toBeGreaterThan(100);
    const tags = s.tagged?.find((t) => t.metric === 'ws_sessions')?.tags;
    expect(tags).toEqual({ scenario: 's', group: '', request: 'chat', status: '101' });
  });

  it('counts a closed port, a refused handshake and a server that never answers by kind, and the iteration goes on', async () => {
    const refusing = await startRefusingServer(403);
    closers.push(refusing.close);
    const silent = await startSilentServer();
    closers.push(silent.close);
    const free = await startRefusingServer(400);
    await free.close(); // a port nobody listens on any more
    const after = await echo();
    const { run, flush } = setup([
      { websocket: { name: 'closed port', url: free.url, actions: [{ send: 'x' }] } },
      { websocket: { name: 'refused', url: refusing.url, checks: [{ status: 101 }], actions: [{ send: 'x' }] } },
      { websocket: { name: 'silent', url: silent.url, timeout: '300ms', actions: [{ send: 'x' }] } },
      { websocket: { name: 'after', url: after.url, actions: [{ send: 'still here' }, { receive: {} }] } },
    ]);
    expect(await run()).toBe('completed');
    const s = flush();
    expect(s.errors.map((e) => [e.request, e.kind])).toEqual([
      ['closed port', 'refused'],
      ['refused', 'ws-handshake'],
      ['silent', 'ws-timeout'],
    ]);
    expect(s.errors[1]?.message).toContain('403');
    expect(checks(s)).toEqual({ 'status is 101': [0, 1] });
    expect(s.checks[0]?.failure).toBe('got 403');
    expect(silent.connections).toBe(1);
    expect(after.received).toEqual(['still here']);
    // Only the session that opened counts in ws_sessions; the refused handshake's bytes still count as data.
    expect(total(s, 'ws_sessions')).toBe(1);
    expect(
      (s.tagged ?? []).find((t) => t.metric === 'data_received' && t.tags.status === '403')?.count,
    ).toBeGreaterThan(0);
  });

  it("counts a wait that times out and a close the plan did not ask for, with the server's code", async () => {
    const srv = await echo({ closeAfter: { messages: 2, code: 4001, reason: 'enough' } });
    const { run, flush, vu } = setup([
      {
        websocket: {
          name: 'chat',
          url: srv.url,
          actions: [
            { send: 'one' },
            {
              receive: { match: { body: { equals: 'never' } }, timeout: '200ms', extract: { got: { regex: '(.*)' } } },
            },
            { send: 'two' },
            { receive: { timeout: '5s' } },
            { pause: '10s' },
            { send: 'three' },
          ],
        },
      },
    ]);
    const t = performance.now();
    expect(await run()).toBe('completed');
    // The pause ended when the server closed, not 10 s later.
    expect(performance.now() - t).toBeLessThan(8000);
    const s = flush();
    expect(s.errors.map((e) => [e.kind, e.message])).toEqual([
      ['ws-timeout', 'receive 2: no matching message within 200 ms'],
      ['ws-closed', "closed by the server with code 4001 (enough) before the session's actions were done"],
    ]);
    expect(s.extractFailures.map((e) => [e.variable, e.message])).toEqual([['got', 'receive 2: no message']]);
    expect(vu.ctx.vars.has('got')).toBe(false);
    expect(srv.received).toEqual(['one', 'two']);
    expect(total(s, 'ws_msgs_sent')).toBe(2);
  });

  it("connects over wss with the plan's CA file, and counts a TLS error without it", async () => {
    const pki = makeTestPki();
    const srv = await echo({ tls: { key: pki.serverKey, cert: pki.serverCert } });
    const { run, flush } = setup(
      [
        {
          websocket: {
            name: 'trusted',
            url: srv.url,
            tls: { caFile: 'ca.pem' },
            actions: [{ send: 'secure' }, { receive: { checks: [{ body: { equals: 'secure' } }] } }],
          },
        },
        { websocket: { name: 'untrusted', url: srv.url, actions: [{ send: 'x' }] } },
        {
          websocket: {
            name: 'insecure',
            url: srv.url.replace('127.0.0.1', 'localhost'),
            insecureTls: true,
            actions: [{ send: 'any cert' }],
          },
        },
      ],
      { files: new Map([['ca.pem', Buffer.from(pki.ca)]]) },
    );
    expect(await run()).toBe('completed');
    const s = flush();
    expect(s.errors.map((e) => [e.request, e.kind])).toEqual([['untrusted', 'tls']]);
    expect(s.errors[0]?.message).toContain('tls.caFile');
    expect(checks(s)).toEqual({ 'receive 2: body == "secure"': [1, 0] });
    expect(srv.received).toEqual(['secure', 'any cert']);
  });

  it("sends the VU's cookies with the handshake and keeps the handshake's Set-Cookie", async () => {
    const srv = await echo({ setCookie: 'session=abc; Path=/' });
    const { run, vu } = setup([
      { websocket: { url: `${srv.url}/first`, actions: [{ send: 'a' }] } },
      { websocket: { url: `${srv.url}/second`, actions: [{ send: 'b' }] } },
    ]);
    expect(await run()).toBe('completed');
    expect(srv.handshakes.map((h) => h.cookie)).toEqual([undefined, 'session=abc']);
    expect(vu.jar?.size).toBe(1);
  });

  it("runs inside loops with the loop's variables, one session per pass", async () => {
    const srv = await echo();
    const { run, flush } = setup([
      {
        repeat: {
          times: 3,
          steps: [
            {
              websocket: {
                name: 'loop',
                url: srv.url,
                actions: [{ send: 'pass ${index}' }, { receive: { condition: 'message == "pass " + index' } }],
              },
            },
          ],
        },
      },
    ]);
    expect(await run()).toBe('completed');
    const s = flush();
    expect(errors(s)).toEqual([]);
    expect(srv.received).toEqual(['pass 0', 'pass 1', 'pass 2']);
    expect(total(s, 'ws_sessions')).toBe(3);
  });

  it('drops the socket at once on a hard stop', async () => {
    const srv = await echo();
    const { run, vu } = setup([
      {
        websocket: {
          url: srv.url,
          actions: [{ send: 'a' }, { receive: { match: { body: { equals: 'never' } }, timeout: '60s' } }],
        },
      },
    ]);
    const running = run();
    await expect.poll(() => srv.received.length).toBe(1);
    const t = performance.now();
    vu.interrupt();
    expect(await running).toBe('interrupted');
    expect(performance.now() - t).toBeLessThan(5000);
  });

  it('keeps at most MAX_INBOX messages for receives when the server floods a pause: the newest ones', async () => {
    const flood = Array.from({ length: MAX_INBOX + 500 }, (_, i) => `m${i}`);
    const srv = await echo({ greet: flood });
    const { run, flush, vu } = setup([
      {
        websocket: {
          url: srv.url,
          actions: [
            { pause: '3s' }, // long enough for the whole flood to arrive on loopback, even on a loaded machine
            { receive: { extract: { first: { regex: '(.*)' } } } },
          ],
        },
      },
    ]);
    expect(await run()).toBe('completed');
    const s = flush();
    expect(total(s, 'ws_msgs_received')).toBe(MAX_INBOX + 500);
    expect(vu.ctx.vars.get('first')).toBe('m500');
  }, 20_000);

  it('takes a timeout of 0 as none, for the session and for a receive', async () => {
    const srv = await echo();
    const { run, flush } = setup([
      {
        websocket: {
          url: srv.url,
          timeout: '0',
          actions: [
            { pause: '200ms' },
            { send: 'late' },
            { receive: { timeout: '0', checks: [{ body: { equals: 'late' } }] } },
          ],
        },
      },
    ]);
    expect(await run()).toBe('completed');
    const s = flush();
    expect(s.errors).toEqual([]);
    expect(checks(s)).toEqual({ 'receive 3: body == "late"': [1, 0] });
  });
});
