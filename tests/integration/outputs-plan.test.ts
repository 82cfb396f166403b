/**
 * Outputs a plan names (`outputs:`) stream like --out, but never carry the environment's credentials: a plan may
 * come from someone else, and LOADSMITH_PROMETHEUS_TOKEN must not go to a URL it chose. --out wins over the plan's
 * outputs, and sends the credentials. Checked at a receiver that records what reaches it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith } from '../fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

let target: TargetServer;
let receiver: Server;
let received: { path: string; authorization: string | undefined }[];
let dir: string;

beforeAll(async () => {
  target = await startTargetServer();
  received = [];
  receiver = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-plan-outputs-'));
});
afterAll(async () => {
  receiver.close();
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

const plan = (outputs: string): string =>
  [
    'version: 1',
    'name: plan outputs',
    `defaults: { baseUrl: "${target.url}" }`,
    outputs,
    'scenarios:',
    '  s:',
    '    executor: constant-vus',
    '    vus: 1',
    '    duration: 2s',
    '    steps: [{ request: { url: /json } }, { think: 100ms }]',
    '',
  ].join('\n');
const port = (): number => (receiver.address() as AddressInfo).port;

describe('outputs named by the plan', () => {
  it("stream without the environment's credentials; --out wins and sends them", async () => {
    const file = join(dir, 'plan.yaml');
    await writeFile(
      file,
      plan('outputs: [{ kind: prometheus-rw, url: "http://127.0.0.1:${env.PROM_PORT}/plan/write" }]'),
    );
    const env = { PROM_PORT: String(port()), LOADSMITH_PROMETHEUS_TOKEN: 'tok-must-not-leak' };
    const fromPlan = await loadsmith(['run', file, '-q'], { env, timeoutMs: 60_000 });
    expect(fromPlan.code, fromPlan.stderr).toBe(0);
    const planWrites = received.filter((r) => r.path === '/plan/write');
    expect(planWrites.length).toBeGreaterThan(0);
    expect(planWrites.every((r) => r.authorization === undefined)).toBe(true);

    const given = await loadsmith(['run', file, '-q', '--out', `prometheus-rw=http://127.0.0.1:${port()}/cli/write`], {
      env,
      timeoutMs: 60_000,
    });
    expect(given.code, given.stderr).toBe(0);
    const cliWrites = received.filter((r) => r.path === '/cli/write');
    expect(cliWrites.length).toBeGreaterThan(0);
    expect(cliWrites.every((r) => r.authorization === 'Bearer tok-must-not-leak')).toBe(true);
    expect(received.filter((r) => r.path === '/plan/write')).toHaveLength(planWrites.length); // the plan's were not used
  });

  it('refuses a plan that reads an output credential, in a request or an output URL, before sending anything', async () => {
    const env = {
      PROM_PORT: String(port()),
      LOADSMITH_PROMETHEUS_TOKEN: 'tok-must-not-leak',
      LOADSMITH_OTLP_HEADERS: 'Authorization=hdr-must-not-leak',
    };
    const cases = [
      [
        'request.yaml',
        plan('').replace('url: /json', 'url: "/json?t=${env.LOADSMITH_OTLP_HEADERS}"'),
        'LOADSMITH_OTLP_HEADERS',
      ],
      [
        'output.yaml',
        plan(
          'outputs: [{ kind: prometheus-rw, url: "http://127.0.0.1:${env.PROM_PORT}/steal/${env.LOADSMITH_PROMETHEUS_TOKEN}" }]',
        ),
        'LOADSMITH_PROMETHEUS_TOKEN',
      ],
    ] as const;
    for (const [name, text, variable] of cases) {
      const file = join(dir, name);
      await writeFile(file, text);
      const before = target.hits();
      const r = await loadsmith(['run', file, '-q'], { env, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`${variable} is a metric output's credential`);
      expect(target.hits()).toBe(before);
    }
    expect(received.filter((r) => r.path.startsWith('/steal'))).toEqual([]);
  });

  it('refuses a plan output that is not a URL before sending anything', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, plan('outputs: [{ kind: otlp, url: "not a url" }]'));
    const before = target.hits();
    const r = await loadsmith(['run', file, '-q'], { timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a url/i);
    expect(target.hits()).toBe(before);
  });
});
