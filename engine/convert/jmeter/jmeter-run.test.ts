/**
 * A JMeter plan imported and run: tests/fixtures/convert/jmeter/shop.jmx through `loadsmith import`, then
 * `loadsmith run` against a shop on 127.0.0.1 that answers what the .jmx expects and counts what it gets. The
 * server must see what JMeter would send: setup and teardown once, a login per thread, the CSV rows, every SKU
 * of the list, the cart with the extracted token, the order polled until shipped, basic auth on the admin call.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadsmith } from '../../../tests/fixtures/cli.ts';

const FIXTURE = new URL('../../../tests/fixtures/convert/jmeter/shop.jmx', import.meta.url);
const SECRETS = { password: 'hunter2-Pa55word', admin: 'S3cr3t-Adm1n!', apiKey: 'ak_live_9f8e7d6c5b4a3210fedcba98' };

interface Shop {
  url: string;
  hits: Map<string, number>;
  seen: string[];
  close(): Promise<void>;
}

async function startShop(): Promise<Shop> {
  const hits = new Map<string, number>();
  const seen: string[] = [];
  const polls = new Map<string, number>();
  let orders = 0;
  const send = (res: ServerResponse, status: number, body?: unknown): void => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = `${req.method} ${url.pathname.replace(/^\/(products|orders)\/.+/, '/$1/:id')}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      const auth = req.headers.authorization ?? '';
      if (key === 'POST /admin/reset') return send(res, 204);
      if (key === 'POST /login') {
        const ok = body === JSON.stringify({ user: 'ann', password: SECRETS.password });
        return ok ? send(res, 200, { token: 'tok-1' }) : send(res, 401, {});
      }
      if (key === 'GET /products') {
        seen.push(`${url.searchParams.get('user')}/${url.searchParams.get('plan')}`);
        return send(res, 200, { items: [{ sku: 'a1' }, { sku: 'b2' }] });
      }
      if (key === 'GET /cart')
        return send(res, auth === 'Bearer tok-1' && req.headers['x-api-key'] === SECRETS.apiKey ? 200 : 401, {});
      if (key === 'POST /orders') return send(res, 201, { id: `o${++orders}`, state: 'packing' });
      if (key === 'GET /orders/:id') {
        const n = (polls.get(url.pathname) ?? 0) + 1;
        polls.set(url.pathname, n);
        return send(res, 200, { state: n >= 2 ? 'shipped' : 'packing' });
      }
      if (key === 'GET /admin/stats')
        return send(res, auth === `Basic ${Buffer.from(`admin:${SECRETS.admin}`).toString('base64')}` ? 200 : 401, {});
      return send(res, 200, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('a JMeter plan, imported and run', () => {
  it('does what the .jmx says against a local shop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadsmith-jmeter-'));
    await writeFile(join(dir, 'shop.jmx'), await readFile(FIXTURE));
    await writeFile(join(dir, 'users.csv'), 'email,plan\nann@example.test,gold\nbob@example.test,free\n');
    const imported = await loadsmith(['import', join(dir, 'shop.jmx'), '-o', join(dir, 'shop.yaml')]);
    expect(imported.code, imported.stderr).toBe(0);
    const plan = await readFile(join(dir, 'shop.yaml'), 'utf8');
    for (const s of Object.values(SECRETS)) expect(plan).not.toContain(s);
    // The report names the variables; their values come from the environment, as for any imported secret.
    const env = (name: RegExp): string =>
      /Environment variables: (.*) \(/
        .exec(plan)?.[1]
        ?.split(', ')
        .find((n) => name.test(n)) ?? '?';
    const shop = await startShop();
    try {
      const out = join(dir, 'summary.json');
      const r = await loadsmith([
        'run',
        join(dir, 'shop.yaml'),
        '-q',
        '--summary-json',
        out,
        '--env',
        `BASE_URL=${shop.url}`,
        '--env',
        `${env(/^PASSWORD$/)}=${SECRETS.password}`,
        '--env',
        `${env(/^PASSWORD_\d$/)}=${SECRETS.admin}`,
        '--env',
        `${env(/API_KEY/)}=${SECRETS.apiKey}`,
      ]);
      expect(r.code, r.stderr.slice(-2000)).toBe(0);
      const hits = Object.fromEntries(shop.hits);
      const orders = hits['POST /orders'] ?? 0;
      expect(hits).toMatchObject({
        'POST /admin/reset': 1,
        'GET /admin/report': 1, // setUp and tearDown thread groups: once per run
        'POST /login': 2, // Once Only: once per thread (2 threads)
        'GET /products': 20,
        'GET /products/:id': 40, // 2 threads x 10 loops, ForEach over the 2 SKUs extracted
        'GET /cart': 20,
        'GET /ping': 40,
        'GET /admin/stats': 20,
        'GET /orders/:id': 2 * orders, // polled while not shipped: shipped on the 2nd poll
      });
      // 30 % of 20 iterations, drawn: Binomial(20, 0.3) is within 0..14 with a probability of 1 - 3e-5.
      expect(orders).toBeLessThanOrEqual(14);
      expect(new Set(shop.seen)).toEqual(new Set(['ann@example.test/gold', 'bob@example.test/free']));
      const summary = JSON.parse(await readFile(out, 'utf8')) as { checks: { request: string; fails: number }[] };
      expect(summary.checks.filter((c) => c.fails > 0)).toEqual([]);
      expect(summary.checks.map((c) => c.request)).toEqual(
        expect.arrayContaining(['Log in', 'List products', 'Reset data']),
      );
    } finally {
      await shop.close();
    }
  }, 120_000);
});
