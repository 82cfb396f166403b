/** Chrome's HAR with a WebSocket entry -> a websocket session step, with no secret in the plan, replayed against a real server. */
import { readFileSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Step, WebSocketSession } from '../../plan/schema/index.ts';
import { stepsOf } from '../../plan/walk.ts';
import { compileSteps } from '../../runtime/compile/steps.ts';
import { runIteration } from '../../runtime/vu/interpreter.ts';
import { loadWebSocketPackage } from '../../runtime/protocol-packages.ts';
import { VirtualUser } from '../../runtime/vu/virtual-user.ts';
import { startEchoServer, type EchoServer } from '../../runtime/ws/testing.ts';
import { importPlan } from '../index.ts';
import { planToYaml } from '../plan-yaml.ts';

const HAR = readFileSync(new URL('../../../tests/fixtures/convert/har/chrome-websocket.har', import.meta.url), 'utf8');

let server: EchoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sessionOf(plan: ReturnType<typeof importPlan>['plan']): WebSocketSession {
  const found = [...stepsOf(plan)]
    .map((v) => v.step)
    .find((s): s is { websocket: WebSocketSession } => 'websocket' in s);
  if (!found) throw new Error('no websocket step');
  return found.websocket;
}

// The step code reads ws once it is loaded (protocol-packages.ts): runs and workers load it first, as here.
beforeAll(async () => {
  await loadWebSocketPackage();
});

describe('HAR import of a WebSocket entry', () => {
  it('becomes a session with the frames in order, relative to baseUrl, without the handshake headers or any secret', () => {
    const r = importPlan(HAR, 'har', { file: 'chrome-websocket.har' });
    const ws = sessionOf(r.plan);
    expect(ws.url).toBe('/ws/chat?room=lobby');
    expect(ws.subprotocols).toEqual(['chat.v1', 'chat.v2']);
    // The session cookie was set by the page before it: left to the VU's cookie jar, which the session sends.
    expect(Object.keys(ws.headers ?? {}).sort()).toEqual(['Authorization', 'Origin']);
    expect(ws.headers?.Authorization).toBe('Bearer ${env.API_TOKEN}');
    expect(ws.checks).toEqual([{ status: 101 }]);
    expect(ws.actions).toEqual([
      { receive: {} },
      { send: '{"type":"say","text":"hi all"}' },
      { receive: {} },
      { pause: '2060ms' },
      { send: { binary: 'AAECAw==' } },
      { receive: {} },
      { close: true },
    ]);
    // Nothing recorded as a request any more, and the handshake key is not an environment variable to set.
    expect([...stepsOf(r.plan)].some((v) => 'request' in v.step && /^wss?:/.test(v.step.request.url))).toBe(false);
    expect(r.env).toEqual(['BASE_URL', 'API_TOKEN']);
    const text = planToYaml(r.plan);
    for (const secret of ['s3cr3t-session', 'eyJhbGciOiJIUzI1NiJ9', 'dGhlIHNhbXBsZSBub25jZQ=='])
      expect(text).not.toContain(secret);
    expect(r.notes.some((n) => n.message.startsWith('a WebSocket session: 2 messages sent and 3 received'))).toBe(true);
  });

  it('replays against a real server: the server gets the recorded messages and the run counts no error', async () => {
    server = await startEchoServer({ greet: ['{"type":"welcome","id":1}'] });
    const { plan } = importPlan(HAR, 'har', { file: 'chrome-websocket.har' });
    const recorder = new MetricsRecorder();
    const steps = plan.scenarios.imported!.steps as Step[];
    const compiled = compileSteps(steps, '', {
      plan,
      scenario: 'imported',
      scenarioTags: undefined,
      recorder,
      files: new Map(),
    });
    const vu = new VirtualUser(1, 'imported', { BASE_URL: server.url.replace('ws:', 'http:'), API_TOKEN: 't' }, 'vu');
    // The page request goes nowhere useful: only the session is looked at.
    const wc = {
      dispatcher: {
        dispatch: () => {
          throw new Error('no HTTP here');
        },
      } as unknown as Dispatcher,
      recorder,
      userAgent: 't',
    };
    vu.beginIteration(0);
    await runIteration(
      vu,
      compiled.slice(0, 1).flatMap((g) => (g.kind === 'group' ? g.steps.filter((s) => s.kind === 'websocket') : [])),
      wc,
    );
    const s = recorder.flush(0, 0, true, {});
    expect(s.errors).toEqual([]);
    expect(server.received).toEqual(['{"type":"say","text":"hi all"}', 'AAECAw==']);
    expect(server.protocols).toEqual(['chat.v2']);
    expect(server.handshakes[0]).toMatchObject({ authorization: 'Bearer t' });
  }, 20_000);

  it('round trip: a plan exported to HAR imports back as the same session (sent messages, receives, subprotocols)', async () => {
    const { exportHar } = await import('../har/export.ts');
    const { loadPlanFile } = await import('../../plan/file.ts');
    const { plan } = await loadPlanFile(new URL('../../../plans/examples/websocket.yaml', import.meta.url).pathname);
    const har = exportHar(plan);
    expect(har.notes).toContainEqual(
      expect.objectContaining({
        kind: 'approximated',
        message: expect.stringContaining('the 2 messages it receives are written empty'),
      }),
    );
    const ws = sessionOf(importPlan(har.text, 'har', { file: 'ws.har' }).plan);
    expect(ws.subprotocols).toEqual(['chat.v1']);
    expect(ws.actions).toEqual([
      { receive: {} },
      { send: '{"type":"say","text":"hello from VU $${vu}, iteration $${iter}"}' },
      { receive: {} },
      { close: true },
    ]);
  });
});
