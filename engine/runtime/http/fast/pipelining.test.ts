/**
 * HTTP/1.1 pipelining in the fast client (defaults.http.pipelining): several requests written on one connection
 * before their responses, answered in order; fewer connections; nothing written behind a non-idempotent request;
 * requests left unanswered by a closing server retried; the headers timeout of a pipelined request counted from
 * the end of the response before it. A raw server records, for every request, how many requests of its
 * connection were still unanswered when it arrived.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRequestHeads } from '../../../../tests/fixtures/raw-requests.ts';
import { exchange, type ExchangeSpec } from '../exchange.ts';
import { FastClient } from './client.ts';

interface Arrival { conn: number; path: string; method: string; outstanding: number }
interface Pending { s: Socket; path: string; n: number; scheduled?: boolean }

let raw: Server;
let origin: string;
const sockets = new Set<Socket>();
let arrivals: Arrival[] = [];
let connections = 0;
/** Answers the requests of one connection; `queue` holds its unanswered ones, oldest first. */
let answer: (queue: Pending[], conn: number) => void;
let client: FastClient;

const reply = (p: Pending, extra = ''): void => { p.s.write(`HTTP/1.1 200 OK\r\nContent-Length: ${p.path.length}\r\n${extra}\r\n${p.path}`); };

beforeAll(async () => {
  raw = createServer((s) => {
    const conn = connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    const queue: Pending[] = [];
    let n = 0;
    readRequestHeads(s, (head) => {
      const [method = '', path = ''] = head.split(' ');
      arrivals.push({ conn, path, method, outstanding: queue.length });
      queue.push({ s, path, n: n++ });
    }, () => answer(queue, conn));
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => raw.close(() => r()));
});
beforeEach(() => {
  arrivals = [];
  connections = 0;
  client = new FastClient({ connections: 100, connectTimeoutMs: 2000, pipelining: 4, tls: undefined, fallback: new Agent() });
});
afterEach(async () => { await client.close(); });

function spec(path: string, o: Partial<ExchangeSpec> = {}): ExchangeSpec {
  return { origin, path, method: 'GET', headers: [], body: null, timeoutMs: 5000, keepAlive: true, keepBody: true, maxBodySize: 1024, ...o };
}

/** Answers each request `ms` after it arrived, in order; it stays outstanding until then. */
const eachAfter = (ms: number) => (queue: Pending[]): void => {
  for (const p of queue) {
    if (p.scheduled) continue;
    p.scheduled = true;
    setTimeout(() => { queue.splice(queue.indexOf(p), 1); reply(p); }, ms);
  }
};

/** Answers a connection's requests once `n` of them are outstanding, all in one write. */
const whenOutstanding = (n: number) => (queue: Pending[]): void => {
  if (queue.length < n) return;
  const all = queue.splice(0);
  all[0]!.s.write(all.map((p) => `HTTP/1.1 200 OK\r\nContent-Length: ${p.path.length}\r\n\r\n${p.path}`).join(''));
};

describe('HTTP/1.1 pipelining (fast client)', () => {
  it('writes up to the depth on one connection before any response, and matches responses to requests in order', async () => {
    answer = whenOutstanding(4);
    const paths = Array.from({ length: 8 }, (_, i) => `/r${i}`);
    const rs = await Promise.all(paths.map((p) => exchange(client, spec(p))));
    expect(rs.map((r) => r.body?.toString())).toEqual(paths);
    expect(rs.every((r) => r.error === undefined && r.status === 200)).toBe(true);
    expect(connections).toBe(2); // 8 concurrent requests, 4 per connection
    expect(client.connectionsTo(origin)).toBe(2);
    expect(Math.max(...arrivals.map((a) => a.outstanding))).toBe(3);
    // Each exchange counts its own response's bytes, not the whole read's.
    expect(new Set(rs.map((r) => r.bytesReceived)).size).toBe(1);
  });

  it('fills the connection it has before opening another, and keeps it full as responses come back', async () => {
    answer = eachAfter(5);
    const loop = async (k: number): Promise<string[]> => {
      const got: string[] = [];
      for (let i = 0; i < 5; i++) got.push((await exchange(client, spec(`/v${k}-${i}`))).body?.toString() ?? 'error');
      return got;
    };
    const got = await Promise.all([0, 1, 2, 3].map(loop));
    expect(got).toEqual([0, 1, 2, 3].map((k) => Array.from({ length: 5 }, (_, i) => `/v${k}-${i}`)));
    expect(connections).toBe(1); // four "VUs", depth 4: one connection carries them all
  });

  it('writes a POST only on a connection with nothing in flight, and nothing behind it', async () => {
    answer = eachAfter(10);
    const limited = new FastClient({ connections: 1, connectTimeoutMs: 2000, pipelining: 4, tls: undefined, fallback: new Agent() });
    try {
      const rs = await Promise.all([
        exchange(limited, spec('/g1')), exchange(limited, spec('/g2')), exchange(limited, spec('/post', { method: 'POST', body: 'x' })),
        exchange(limited, spec('/g3')), exchange(limited, spec('/g4')),
      ]);
      expect(rs.map((r) => r.body?.toString())).toEqual(['/g1', '/g2', '/post', '/g3', '/g4']);
      const post = arrivals.find((a) => a.method === 'POST')!;
      expect(post.outstanding).toBe(0);
      expect(arrivals[arrivals.indexOf(post) + 1]?.outstanding).toBe(0); // /g3 only after the POST's response
      expect(arrivals.find((a) => a.path === '/g2')?.outstanding).toBe(1); // the GETs before it were pipelined
    } finally {
      await limited.close();
    }
  });

  it('retries the requests a server leaves unanswered when it closes after the first response', async () => {
    answer = (queue, conn) => {
      if (conn === 0) {
        if (queue.length < 4) return;
        reply(queue.shift()!, 'Connection: close\r\n');
        queue[0]!.s.end();
        queue.length = 0;
      } else whenOutstanding(1)(queue);
    };
    const paths = ['/a', '/b', '/c', '/d'];
    const rs = await Promise.all(paths.map((p) => exchange(client, spec(p))));
    expect(rs.map((r) => r.body?.toString())).toEqual(paths);
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(arrivals.filter((a) => a.path === '/b')).toHaveLength(2); // written twice: pipelined, then retried
  });

  it('fails a request the server leaves unanswered twice (one retry), as a reset', async () => {
    // Every connection answers its oldest request, then closes: /b is retried and answered, /c and /d fail.
    answer = (queue, conn) => {
      if (queue.length < (conn === 0 ? 4 : 3)) return;
      reply(queue.shift()!);
      queue[0]!.s.end();
      queue.length = 0;
    };
    const rs = await Promise.all(['/a', '/b', '/c', '/d'].map((p) => exchange(client, spec(p))));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 0, 0]);
    expect(rs.map((r) => r.error?.kind)).toEqual([undefined, undefined, 'reset', 'reset']);
    expect(connections).toBe(2);
  });

  it('counts a pipelined request\'s headers timeout from the end of the response before it', async () => {
    // Responses 150 ms apart: the second arrives 300 ms after its write but 150 ms after the first response.
    answer = (queue) => {
      if (queue.length < 2) return;
      const [a, b] = queue.splice(0);
      setTimeout(() => reply(a!), 150);
      setTimeout(() => reply(b!), 300);
    };
    const rs = await Promise.all([exchange(client, spec('/a', { timeoutMs: 220 })), exchange(client, spec('/b', { timeoutMs: 220 }))]);
    expect(rs.map((r) => r.error?.kind)).toEqual([undefined, undefined]);
    expect(rs.map((r) => r.body?.toString())).toEqual(['/a', '/b']);
    expect(rs[1]!.waiting).toBeGreaterThan(250_000); // its waiting time still counts from its own write
  });

  it('a request pipelined behind a slow response times out when its own response is late', async () => {
    answer = (queue) => {
      if (queue.length < 2) return;
      const [a] = queue.splice(0);
      setTimeout(() => reply(a!), 50); // the second is never answered
    };
    const rs = await Promise.all([exchange(client, spec('/a', { timeoutMs: 300 })), exchange(client, spec('/b', { timeoutMs: 300 }))]);
    expect(rs[0]!.status).toBe(200);
    expect(rs[1]!.error?.kind).toBe('timeout');
  });
});
