/**
 * Connection reuse as in k6: a VU keeps one keep-alive connection (undici's one-turn socket validation must
 * not make it open a second one); with keepAlive off every request opens its own; with pipelining N, VUs share
 * about one connection per N of them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runYaml } from './run-helper.ts';

let server: Server;
let url = '';
let connections = 0;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  connections = 0;
});

const plan = (http: string): string => `
version: 1
name: connections
defaults: { baseUrl: "\${env.BASE}", http: { ${http} } }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 3
    iterations: 10
    steps: [{ request: { url: /a } }, { request: { url: /b } }]
`;

describe('connections', () => {
  it('keeps one connection per VU with keep-alive, across two workers', async () => {
    const { summary } = await runYaml(plan('keepAlive: true'), { env: { BASE: url }, workers: 2 });
    expect(summary._total).toBe(60);
    expect(connections).toBe(3);
    const connecting = summary.metrics.http_req_connecting;
    expect(connecting?.type === 'trend' && connecting.max).toBeGreaterThan(0);
    expect(connecting?.type === 'trend' && connecting.p90).toBe(0); // only 3 of 60 requests connected
  });

  it('times DNS for a host name (and none for an IP address)', async () => {
    const byName = await runYaml(plan('keepAlive: true'), { env: { BASE: url.replace('127.0.0.1', 'localhost') } });
    const lookup = byName.summary.metrics.http_req_looking_up;
    expect(lookup?.type === 'trend' && lookup.max).toBeGreaterThan(0);
    const byIp = await runYaml(plan('keepAlive: true'), { env: { BASE: url } });
    expect(byIp.summary.metrics.http_req_looking_up).toMatchObject({ max: 0 });
  });

  it('shares connections between VUs with pipelining (12 VUs, 4 per connection), every request answered', async () => {
    const twelve = plan('pipelining: 4').replace('vus: 3', 'vus: 12');
    const { summary } = await runYaml(twelve, { env: { BASE: url } });
    expect(summary._total).toBe(240);
    expect(summary.metrics.http_req_failed).toMatchObject({ passes: 0 });
    expect(connections).toBeGreaterThanOrEqual(3);
    expect(connections).toBeLessThanOrEqual(4); // without pipelining: 12
  });

  it('opens a connection per request with keepAlive: false', async () => {
    const { summary } = await runYaml(plan('keepAlive: false'), { env: { BASE: url } });
    expect(summary._total).toBe(60);
    expect(connections).toBe(60);
    const connecting = summary.metrics.http_req_connecting;
    expect(connecting?.type === 'trend' && connecting.min).toBeGreaterThan(0);
  });
});
