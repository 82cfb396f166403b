/** The bounded sender against small servers on 127.0.0.1: retries, drops with counts, one warning, the deadline. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchSender, joinBytes, type SenderOptions } from './sender.ts';
import { unusedPort } from '../../tests/fixtures/target-server.ts';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function server(handler: Handler): Promise<string> {
  const s = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  );
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/write`;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function sender(url: string, over: Partial<SenderOptions> = {}): { s: BatchSender; warnings: string[] } {
  const warnings: string[] = [];
  const s = new BatchSender({
    name: 'test-out',
    url,
    headers: { 'x-test': '1' },
    body: joinBytes,
    warn: (t) => warnings.push(t),
    backoff: { firstMs: 20, maxMs: 50 },
    ...over,
  });
  return { s, warnings };
}

describe('BatchSender', () => {
  it('retries a failing endpoint with backoff and delivers every batch in order, warning once', async () => {
    const bodies: string[] = [];
    let calls = 0;
    const url = await server((_req, body, res) => {
      calls++;
      if (calls <= 2) {
        res.writeHead(503).end('busy');
        return;
      }
      bodies.push(body);
      res.writeHead(204).end();
    });
    const { s, warnings } = sender(url);
    s.add(enc('a\n'));
    s.add(enc('b\n'));
    s.add(enc('c\n'));
    const stats = await s.close(Date.now() + 5_000);
    expect(stats).toMatchObject({ sent: 3, dropped: 0 });
    expect(bodies.join('')).toBe('a\nb\nc\n');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^test-out: cannot write to http:\/\/127\.0\.0\.1:\d+\/write: the endpoint answered 503: busy; retrying/,
      ),
    ]);
  });

  it('drops a batch the endpoint refuses for good (4xx), with its answer, and goes on', async () => {
    const bodies: string[] = [];
    const url = await server((_req, body, res) => {
      if (body.includes('bad')) {
        res.writeHead(400).end('{"error":"out of order sample"}');
        return;
      }
      bodies.push(body);
      res.writeHead(204).end();
    });
    const { s, warnings } = sender(url, { maxPerRequest: 1 });
    s.add(enc('bad\n'));
    s.add(enc('good\n'));
    const stats = await s.close(Date.now() + 5_000);
    expect(stats).toMatchObject({
      sent: 1,
      dropped: 1,
      problem: 'the endpoint answered 400: {"error":"out of order sample"}',
    });
    expect(bodies).toEqual(['good\n']);
    expect(warnings).toHaveLength(1);
  });

  it('keeps at most maxQueued batches for a dead endpoint, counting every one dropped, and names the cause', async () => {
    const url = `http://127.0.0.1:${await unusedPort()}/write`;
    const { s, warnings } = sender(url, { maxQueued: 3, backoff: { firstMs: 60_000, maxMs: 60_000 } });
    s.add(enc('0\n'));
    while (warnings.length === 0) await new Promise((r) => setTimeout(r, 5)); // the first attempt has failed
    for (let i = 1; i < 10; i++) s.add(enc(`${i}\n`));
    const started = Date.now();
    const stats = await s.close(Date.now() + 300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(stats.sent).toBe(0);
    expect(stats.dropped).toBe(10);
    expect(stats.problem).toMatch(/ECONNREFUSED/);
    expect(warnings).toEqual([
      expect.stringMatching(
        /test-out: cannot write to .*: the endpoint refused the connection \(ECONNREFUSED\); retrying, and keeping up to 3 s of metrics meanwhile \(the test goes on\)/,
      ),
    ]);
  });

  it('gives up on an endpoint that does not answer at the deadline, counting what it held', async () => {
    const url = await server(() => {
      /* never answers */
    });
    const { s } = sender(url);
    s.add(enc('a\n'));
    s.add(enc('b\n'));
    const started = Date.now();
    const stats = await s.close(Date.now() + 500);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(stats).toMatchObject({ sent: 0, dropped: 2 });
    expect(stats.problem).toMatch(/^the endpoint did not take them in the 0\.5 s the end of the run waits/);
  });

  it('joins the batches that waited for a slow endpoint into one request', async () => {
    const bodies: string[] = [];
    const url = await server((_req, body, res) => {
      bodies.push(body);
      setTimeout(() => res.writeHead(204).end(), 200);
    });
    const { s } = sender(url);
    for (let i = 0; i < 6; i++) s.add(enc(`${i}\n`));
    const stats = await s.close(Date.now() + 5_000);
    expect(stats).toMatchObject({ sent: 6, dropped: 0 });
    expect(bodies).toEqual(['0\n', '1\n2\n3\n4\n5\n']);
  });

  it('when full, drops the oldest waiting batches, never one in flight, and accounts for every batch', async () => {
    const bodies: string[] = [];
    const url = await server((_req, body, res) => {
      bodies.push(body);
      setTimeout(() => res.writeHead(204).end(), 150);
    });
    const { s } = sender(url, { maxQueued: 5, maxPerRequest: 2 });
    s.add(enc('0\n'));
    while (bodies.length === 0) await new Promise((r) => setTimeout(r, 5)); // 0 is in flight
    for (let i = 1; i < 10; i++) s.add(enc(`${i}\n`));
    const stats = await s.close(Date.now() + 5_000);
    // 4 wait beside the one in flight: 1-5 were dropped.
    expect(bodies).toEqual(['0\n', '6\n7\n', '8\n9\n']);
    expect(stats).toMatchObject({ sent: 5, dropped: 5 });
  });
});
