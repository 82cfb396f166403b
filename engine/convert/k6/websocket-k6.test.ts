/**
 * The k6 export of a WebSocket session, run by real k6 (k6/ws) and by Loadsmith against the same counting echo
 * server: the server gets the same messages from both, and both count the same sessions, messages and checks.
 * Needs the k6 binary (.tools/go/bin/k6 or K6_PATH); skipped with a message without it, as k6-run.test.ts is.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith, runCommand } from '../../../tests/fixtures/cli.ts';
import type { Summary } from '../../metrics/summary.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { startEchoServer, type EchoServer } from '../../runtime/ws/testing.ts';
import { exportK6 } from './export.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const K6 = process.env.K6_PATH ?? join(ROOT, '.tools/go/bin/k6');
const hasK6 = existsSync(K6);
if (!hasK6)
  console.warn(`k6 WebSocket export test SKIPPED: no k6 binary at ${K6} (bash scripts/install-k6.sh, or K6_PATH)`);

const PLAN = {
  version: 1,
  name: 'ws echo',
  defaults: { baseUrl: '${env.BASE_URL}' },
  scenarios: {
    echo: {
      executor: 'per-vu-iterations',
      vus: 2,
      iterations: 3,
      steps: [
        {
          websocket: {
            name: 'echo',
            url: '/echo?vu=${vu}',
            subprotocols: ['chat.v1'],
            checks: [{ status: 101 }],
            actions: [
              {
                receive: {
                  match: { jsonPath: '$.type', equals: 'hello' },
                  extract: { greeting: { jsonPath: '$.type' } },
                },
              },
              { send: 'ping ${vu}-${greeting}' },
              {
                receive: { condition: 'message == "ping " + vu + "-hello"', checks: [{ body: { contains: 'ping' } }] },
              },
              { send: { json: { n: 1 } } },
              { receive: { checks: [{ jsonPath: '$.n', equals: 1 }] } },
              { send: { binary: 'AAEC' } },
              { receive: {} },
              { ping: true },
              { pause: '100ms' },
              { close: true },
            ],
          },
        },
      ],
    },
  },
};

describe.skipIf(!hasK6)('k6 export of a WebSocket session runs in real k6 and agrees with Loadsmith', () => {
  let server: EchoServer;
  let dir: string;
  beforeAll(async () => {
    server = await startEchoServer({ greet: ['{"type":"noise"}', '{"type":"hello"}'] });
    dir = await mkdtemp(join(tmpdir(), 'loadsmith-k6-ws-'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('same messages at the server, same sessions, messages and checks', async () => {
    const { plan } = validatePlanValue(PLAN);
    const exported = exportK6(plan);
    expect(exported.notes).toEqual([]);
    const script = join(dir, 'ws.js');
    await writeFile(script, exported.text);
    const out = join(dir, 'k6.ndjson');
    const base = server.url.replace('ws:', 'http:');
    const k6 = await runCommand(
      K6,
      ['run', '--quiet', '--no-color', '-e', `BASE_URL=${base}`, '--out', `json=${out}`, script],
      { env: { K6_NO_USAGE_REPORT: 'true' } },
    );
    expect(k6.code, k6.stderr.slice(-2000)).toBe(0);
    const byK6 = server.received.splice(0);

    const counts = new Map<string, number>();
    const checks = new Map<string, [number, number]>();
    for (const line of (await readFile(out, 'utf8')).split('\n')) {
      if (!line.startsWith('{"metric"')) continue;
      const p = JSON.parse(line) as {
        metric: string;
        type: string;
        data: { value: number; tags: Record<string, string> | null };
      };
      if (p.type !== 'Point') continue;
      counts.set(
        p.metric,
        (counts.get(p.metric) ?? 0) +
          (p.metric === 'ws_msgs_sent' || p.metric === 'ws_msgs_received' || p.metric === 'ws_sessions'
            ? p.data.value
            : 1),
      );
      if (p.metric === 'checks') {
        const c = checks.get(p.data.tags?.check ?? '?') ?? [0, 0];
        c[p.data.value ? 0 : 1]++;
        checks.set(p.data.tags?.check ?? '?', c);
      }
    }

    const planFile = join(dir, 'ws.json');
    await writeFile(planFile, JSON.stringify(PLAN));
    const summaryFile = join(dir, 'summary.json');
    const ours = await loadsmith(['run', planFile, '-e', `BASE_URL=${base}`, '--summary-json', summaryFile], {
      timeoutMs: 60_000,
    });
    expect(ours.code, ours.stderr).toBe(0);
    const byUs = server.received.splice(0);
    const s = JSON.parse(await readFile(summaryFile, 'utf8')) as Summary;

    expect(byK6.length).toBe(18);
    expect([...byK6].sort()).toEqual([...byUs].sort());
    const count = (m: string): number | undefined => {
      const x = s.metrics[m];
      return x?.type === 'counter' ? x.count : undefined;
    };
    expect(counts.get('ws_sessions')).toBe(6);
    expect(count('ws_sessions')).toBe(6);
    expect(counts.get('ws_msgs_sent')).toBe(count('ws_msgs_sent'));
    // Loadsmith counts every message that came, skipped ones included, as k6 does.
    expect(counts.get('ws_msgs_received')).toBe(count('ws_msgs_received'));
    expect(counts.get('ws_ping')).toBe(6);
    expect(Object.fromEntries(checks)).toEqual(Object.fromEntries(s.checks.map((c) => [c.name, [c.passes, c.fails]])));
  }, 90_000);

  it('onFailure: endIteration ends the session and the iteration at a receive that times out, in k6 as in Loadsmith', async () => {
    const steps = [
      {
        websocket: {
          name: 'waits',
          url: '/echo',
          onFailure: 'endIteration',
          actions: [
            { send: 'first ${vu}' },
            { receive: { match: { body: { contains: 'never' } }, timeout: '300ms' } },
            { send: 'not after a failure' },
          ],
        },
      },
      { websocket: { name: 'next', url: '/echo', actions: [{ send: 'next step' }] } },
    ];
    const failing = {
      version: 1,
      name: 'ws failure',
      defaults: { baseUrl: '${env.BASE_URL}' },
      scenarios: { s: { executor: 'per-vu-iterations', vus: 2, iterations: 2, steps } },
    };
    const { plan } = validatePlanValue(failing);
    const exported = exportK6(plan);
    expect(exported.notes).toEqual([]);
    const script = join(dir, 'ws-failure.js');
    await writeFile(script, exported.text);
    const base = server.url.replace('ws:', 'http:');
    server.received.splice(0);
    const k6 = await runCommand(K6, ['run', '--quiet', '--no-color', '-e', `BASE_URL=${base}`, script], {
      env: { K6_NO_USAGE_REPORT: 'true' },
    });
    expect(k6.code, k6.stderr.slice(-2000)).toBe(0);
    const byK6 = server.received.splice(0);
    expect(k6.stderr.match(/'waits': onFailure: endIteration after ws-timeout/g)).toHaveLength(4);

    const planFile = join(dir, 'ws-failure.json');
    await writeFile(planFile, JSON.stringify(failing));
    const ours = await loadsmith(['run', planFile, '-e', `BASE_URL=${base}`], { timeoutMs: 60_000 });
    expect(ours.code, ours.stderr).toBe(0);
    const byUs = server.received.splice(0);
    expect([...byK6].sort()).toEqual(['first 1', 'first 1', 'first 2', 'first 2']);
    expect([...byUs].sort()).toEqual([...byK6].sort());
  }, 90_000);
});
