/**
 * WebSocket sessions through the real CLI: the example plan against the demo server with its ws_* thresholds, and
 * a plan against a counting echo server whose counts must match the summary's.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../engine/demo/server.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { loadsmith } from '../fixtures/cli.ts';
import { runYaml } from './run-helper.ts';

let demo: DemoServer;
let echo: EchoServer;
let dir: string;
beforeAll(async () => {
  demo = await startDemoServer();
  echo = await startEchoServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-ws-'));
});
afterAll(async () => {
  await demo.close();
  await echo.close();
});

const summaryOf = async (file: string): Promise<Summary> => JSON.parse(await readFile(file, 'utf8')) as Summary;

describe('loadsmith run with WebSocket sessions', () => {
  it('runs plans/examples/websocket.yaml against the demo server: thresholds on ws_* pass, the summary shows them', async () => {
    const out = join(dir, 'example.json');
    const r = await loadsmith(
      [
        'run',
        'plans/examples/websocket.yaml',
        '-e',
        `BASE_URL=${demo.url}`,
        '--vus',
        '2',
        '--duration',
        '2s',
        '--summary-json',
        out,
      ],
      { timeoutMs: 90_000 },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('WEBSOCKET');
    expect(r.stdout).toMatch(/✓ 'count>0' count=\d+/);
    const s = await summaryOf(out);
    const sessions = s.metrics.ws_sessions;
    expect(sessions?.type === 'counter' && sessions.count).toBeGreaterThan(0);
    // Each session: a welcome and its own message back, as the plan waits for both.
    expect(s.metrics.ws_msgs_received).toMatchObject({
      count: 2 * (sessions?.type === 'counter' ? sessions.count : -1),
    });
    expect(s.thresholds.map((t) => [t.metric, t.ok])).toEqual([
      ['ws_connecting', true],
      ['ws_sessions', true],
      ['ws_msgs_received{name:chat}', true],
      ['checks', true],
    ]);
    expect(s.errors).toEqual([]);
  }, 100_000);

  it('what a WebSocket session in setup extracts reaches every VU', async () => {
    const before = echo.received.length;
    const { summary } = await runYaml(
      `
version: 1
name: ws setup
setup:
  steps:
    - websocket:
        url: ${echo.url}
        actions:
          - send: { json: { token: t-42 } }
          - receive: { extract: { token: { jsonPath: $.token } } }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    steps:
      - websocket:
          url: ${echo.url}
          actions:
            - send: { text: "again \${token}" }
            - receive: { checks: [{ body: { equals: "again t-42" } }] }
`,
      { workers: 1 },
    );
    expect(echo.received.slice(before)).toEqual(['{"token":"t-42"}', 'again t-42', 'again t-42']);
    expect(summary.checks.map((c) => [c.passes, c.fails])).toEqual([[2, 0]]);
  }, 120_000);

  it('counts what the server counts, and a failed ws_* threshold exits 99', async () => {
    const plan = join(dir, 'echo.yaml');
    await writeFile(
      plan,
      `version: 1
name: echo
scenarios:
  s:
    executor: per-vu-iterations
    vus: 3
    iterations: 4
    steps:
      - websocket:
          name: echo
          url: \${env.WS}/echo
          actions:
            - send: "hello \${vu}-\${iter}"
            - receive: { checks: [{ body: { matches: "^hello \\\\d+-\\\\d+$" } }] }
            - send: { json: { vu: "\${vu}" } }
            - receive: {}
thresholds:
  ws_sessions{name:echo}: ["count==12"]
  ws_msgs_sent: ["count==24"]
  ws_session_duration: ["p(95)<0"]
`,
    );
    const out = join(dir, 'echo.json');
    const before = echo.received.length;
    const r = await loadsmith(['run', plan, '-e', `WS=${echo.url}`, '--summary-json', out], { timeoutMs: 90_000 });
    expect(r.code, r.stdout + r.stderr).toBe(99);
    const s = await summaryOf(out);
    expect(echo.received.length - before).toBe(24);
    expect(s.metrics.ws_msgs_sent).toMatchObject({ count: 24 });
    expect(s.metrics.ws_msgs_received).toMatchObject({ count: 24 });
    expect(s.checks.map((c) => [c.name, c.passes, c.fails])).toEqual([
      ['receive 2: body matches /^hello \\d+-\\d+$/', 12, 0],
    ]);
    expect(s.thresholds.map((t) => [t.metric, t.ok])).toEqual([
      ['ws_sessions{name:echo}', true],
      ['ws_msgs_sent', true],
      ['ws_session_duration', false],
    ]);
    // data_sent holds the handshakes and the masked frames: more than the payloads alone.
    expect(s.metrics.data_sent).toMatchObject({ type: 'counter' });
    expect(s.metrics.data_sent?.type === 'counter' && s.metrics.data_sent.count).toBeGreaterThan(12 * 150);
  }, 100_000);
});
