/**
 * HTTP/1.1 pipelining in the fast client (defaults.http.pipelining): several requests written on one connection
 * before their responses, answered in order; fewer connections; nothing written behind a non-idempotent request;
 * requests left unanswered by a closing server retried; the timeout of a pipelined request counted from when it
 * was asked, wherever it waits. A raw server records, for every request, how many requests of its
 * connection were still unanswered when it arrived.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRequestHeads } from '../../../../tests/fixtures/raw-requests.ts';
import { createAgent } from '../dispatchers.ts';
import { exchange } from '../exchange.ts';
import type { ExchangeSpec, Interruptible } from '../types.ts';
import { FastClient } from './client.ts';

interface Arrival {
  conn: number;
  path: string;
  method: string;
  outstanding: number;
}
interface Pending {
  s: Socket;
  path: string;
  n: number;
  scheduled?: boolean;
}

let raw: Server;
let origin: string;
const sockets = new Set<Socket>();
let arrivals: Arrival[] = [];
let connections = 0;
/** Answers the requests of one connection; `queue` holds its unanswered ones, oldest first. */
let answer: (queue: Pending[], conn: number) => void;
let client: FastClient;

const reply = (p: Pending, extra = ''): void => {
  p.s.write(`HTTP/1.1 200 OK\r\nContent-Length: ${p.path.length}\r\n${extra}\r\n${p.path}`);
};

beforeAll(async () => {
  raw = createServer((s) => {
    const conn = connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    const queue: Pending[] = [];
    let n = 0;
    readRequestHeads(
      s,
      (head) => {
        const [method = '', path = ''] = head.split(' ');
        arrivals.push({ conn, path, method, outstanding: queue.length });
        queue.push({ s, path, n: n++ });
      },
      () => answer(queue, conn),
    );
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
  client = new FastClient({
    connections: 100,
    connectTimeoutMs: 2000,
    pipelining: 4,
    tls: undefined,
    fallback: new Agent(),
  });
});
afterEach(async () => {
  await client.close();
});

function spec(path: string, o: Partial<ExchangeSpec> = {}): ExchangeSpec {
  return {
    origin,
    path,
    method: 'GET',
    headers: [],
    body: null,
    timeoutMs: 5000,
    keepAlive: true,
    keepBody: true,
    maxBodySize: 1024,
    ...o,
  };
}

/** Answers each request `ms` after it arrived, in order; it stays outstanding until then. */
const eachAfter =
  (ms: number) =>
  (queue: Pending[]): void => {
    for (const p of queue) {
      if (p.scheduled) continue;
      p.scheduled = true;
      setTimeout(() => {
        queue.splice(queue.indexOf(p), 1);
        reply(p);
      }, ms);
    }
  };

/** Answers a connection's requests once `n` of them are outstanding, all in one write. */
const whenOutstanding =
  (n: number) =>
  (queue: Pending[]): void => {
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
    const limited = new FastClient({
      connections: 1,
      connectTimeoutMs: 2000,
      pipelining: 4,
      tls: undefined,
      fallback: new Agent(),
    });
    try {
      const rs = await Promise.all([
        exchange(limited, spec('/g1')),
        exchange(limited, spec('/g2')),
        exchange(limited, spec('/post', { method: 'POST', body: 'x' })),
        exchange(limited, spec('/g3')),
        exchange(limited, spec('/g4')),
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

  it('sends again, without using up their one retry, the requests a server closing after each response leaves', async () => {
    // One response per connection, then the close: every request behind it is pushed out, again and again.
    answer = (queue) => {
      const p = queue.shift();
      if (p === undefined || p.n > 0) return;
      setTimeout(() => {
        p.s.end(`HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: ${p.path.length}\r\n\r\n${p.path}`);
      }, 5);
    };
    const loop = async (k: number): Promise<(string | undefined)[]> => {
      const got: (string | undefined)[] = [];
      for (let i = 0; i < 3; i++) got.push((await exchange(client, spec(`/v${k}-${i}`))).body?.toString());
      return got;
    };
    const got = await Promise.all([0, 1, 2, 3].map(loop));
    expect(got).toEqual([0, 1, 2, 3].map((k) => [0, 1, 2].map((i) => `/v${k}-${i}`)));
    expect(arrivals.length).toBeGreaterThan(12); // some were written more than once
  });

  it('HTTP/1.0 responses delimited by the close are complete, also when the close is a reset (requests left unread)', async () => {
    // As an HTTP/1.0 server does: read one request, answer until the close, close with what was pipelined unread
    // (the kernel then sends a reset, made certain here).
    answer = (queue) => {
      const p = queue[0];
      if (p === undefined || p.scheduled) return;
      p.scheduled = true;
      setTimeout(
        () => p.s.write(`HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n${p.path}`, () => p.s.resetAndDestroy()),
        2,
      );
    };
    const loop = async (k: number): Promise<(string | undefined)[]> => {
      const got: (string | undefined)[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await exchange(client, spec(`/v${k}-${i}`));
        got.push(r.error ? r.error.message : r.body?.toString());
      }
      return got;
    };
    const got = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(loop));
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => [0, 1, 2, 3, 4].map((i) => `/v${k}-${i}`)));
    expect(arrivals.some((a) => a.outstanding > 0)).toBe(true); // requests were pipelined behind the answered ones
  });

  it('retries the head of a pipeline once; what was behind it is sent again without being charged', async () => {
    // The server closes a connection without answering once it has 2 requests, or 50 ms after the first.
    answer = (queue) => {
      const s = queue[0]?.s;
      if (s === undefined) return;
      if (queue.length >= 2) s.end();
      else setTimeout(() => s.end(), 50);
    };
    const rs = await Promise.all([exchange(client, spec('/a')), exchange(client, spec('/b'))]);
    expect(rs.map((r) => r.error?.kind)).toEqual(['reset', 'reset']);
    // /a: head twice (its one retry); /b: behind /a twice (not charged), then alone on a fresh connection, whose
    // first request is never retried (the server may have acted on it).
    expect(arrivals.filter((x) => x.path === '/a')).toHaveLength(2);
    expect(arrivals.filter((x) => x.path === '/b')).toHaveLength(3);
  });

  it('a request pipelined behind a slow response times out at its own timeout, counted from when it was asked', async () => {
    // The second response would come 300 ms after both were asked: past the second request's 220 ms.
    let n = 0;
    answer = (queue) => {
      if (n === 0 && queue.length < 2) return;
      for (const p of queue.splice(0)) {
        const k = n++;
        setTimeout(
          () => {
            if (p.s.writable) reply(p);
          },
          k === 0 ? 150 : k === 1 ? 300 : 0,
        );
      }
    };
    const rs = await Promise.all([
      exchange(client, spec('/a', { timeoutMs: 220 })),
      exchange(client, spec('/b', { timeoutMs: 220 })),
    ]);
    expect(rs.map((r) => r.error?.kind)).toEqual([undefined, 'timeout']);
    expect(rs[1]!.error?.message).toMatch(/^request timeout \(220ms\) reached waiting for the response/);
  });

  it('a request that times out behind another fails where it stands: its response is read and ignored, the connection kept', async () => {
    let n = 0;
    answer = (queue) => {
      if (n === 0 && queue.length < 2) return;
      for (const p of queue.splice(0)) setTimeout(() => reply(p), n++ < 2 ? 300 : 0);
    };
    const rs = await Promise.all([
      exchange(client, spec('/a', { timeoutMs: 2000 })),
      exchange(client, spec('/b', { timeoutMs: 100 })),
    ]);
    expect(rs.map((r) => r.error?.kind)).toEqual([undefined, 'timeout']);
    expect(rs[0]!.body?.toString()).toBe('/a');
    expect((await exchange(client, spec('/c'))).body?.toString()).toBe('/c');
    expect(connections).toBe(1);
  });

  it('a request pipelined behind a hung one ends at its own timeout where it stands, not sent again elsewhere', async () => {
    answer = () => {
      /* never answers */
    };
    const rs = await Promise.all([
      exchange(client, spec('/a', { timeoutMs: 400 })),
      exchange(client, spec('/b', { timeoutMs: 150 })),
    ]);
    expect(rs.map((r) => r.error?.kind)).toEqual(['timeout', 'timeout']);
    expect(arrivals.map((a) => a.path)).toEqual(['/a', '/b']); // /b was not requeued when /a's timeout dropped the connection
    expect(rs[1]!.blocked + rs[1]!.duration).toBeLessThan(rs[0]!.blocked + rs[0]!.duration);
  });

  it('a request pipelined behind a slow response times out when its own response is late', async () => {
    answer = (queue) => {
      if (queue.length < 2) return;
      const [a] = queue.splice(0);
      setTimeout(() => reply(a!), 50); // the second is never answered
    };
    const rs = await Promise.all([
      exchange(client, spec('/a', { timeoutMs: 300 })),
      exchange(client, spec('/b', { timeoutMs: 300 })),
    ]);
    expect(rs[0]!.status).toBe(200);
    expect(rs[1]!.error?.kind).toBe('timeout');
  });

  it('interrupting the request being read keeps the connection for the one pipelined behind it (no second write)', async () => {
    answer = (queue) => {
      if (queue.length < 2) return;
      const all = queue.splice(0);
      setTimeout(() => {
        for (const p of all) if (p.s.writable) reply(p);
      }, 100);
    };
    let first: Interruptible | undefined;
    const a = exchange(client, spec('/a'), (x) => {
      first = x;
    });
    const b = exchange(client, spec('/b'));
    setTimeout(() => first!.interrupt(), 30);
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.interrupted).toBe(true);
    expect(rb.body?.toString()).toBe('/b');
    expect(arrivals.map((x) => x.path)).toEqual(['/a', '/b']);
    expect(connections).toBe(1);
  });

  it('interrupting a request behind another leaves the later ones matched to their own responses', async () => {
    answer = eachAfter(40);
    let second: Interruptible | undefined;
    const a = exchange(client, spec('/a'));
    const b = exchange(client, spec('/b'), (x) => {
      second = x;
    });
    setTimeout(() => second!.interrupt(), 10);
    const [ra, rb] = await Promise.all([a, b]);
    const rc = await exchange(client, spec('/c'));
    expect([ra.body?.toString(), rb.interrupted, rc.body?.toString()]).toEqual(['/a', true, '/c']);
  });

  it('HEAD, 204, 304 and chunked responses pipelined in one write and read one byte at a time', async () => {
    answer = (queue) => {
      if (queue.length < 4) return;
      const s = queue.splice(0)[0]!.s;
      const text = [
        'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n', // the HEAD: a length, no body
        'HTTP/1.1 204 No Content\r\n\r\n',
        'HTTP/1.1 304 Not Modified\r\nETag: x\r\n\r\n',
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nT: 1\r\n\r\n',
      ].join('');
      let i = 0;
      const tick = (): void => {
        if (i < text.length && s.writable) {
          s.write(text[i++]!);
          setImmediate(tick);
        }
      };
      tick();
    };
    const rs = await Promise.all([
      exchange(client, spec('/h', { method: 'HEAD' })),
      exchange(client, spec('/n')),
      exchange(client, spec('/m')),
      exchange(client, spec('/c')),
    ]);
    expect(rs.map((r) => [r.status, r.body?.toString(), r.error?.kind])).toEqual([
      [200, '', undefined],
      [204, '', undefined],
      [304, '', undefined],
      [200, 'abcde', undefined],
    ]);
    expect(connections).toBe(1);
  });

  it('fails every request a connection was opened for when it cannot connect (not one per connect timeout)', async () => {
    // Accepts and never answers: a TLS handshake to it never completes.
    const silent = createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const tls = new FastClient({
      connections: 100,
      connectTimeoutMs: 200,
      pipelining: 4,
      tls: { rejectUnauthorized: false },
      fallback: new Agent(),
    });
    try {
      const t0 = performance.now();
      const o = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const rs = await Promise.all(Array.from({ length: 8 }, () => exchange(tls, { ...spec('/'), origin: o })));
      expect(rs.every((r) => r.error?.kind === 'timeout')).toBe(true);
      expect(performance.now() - t0).toBeLessThan(450); // one connect timeout (200 ms), not one per request
    } finally {
      await tls.close();
      silent.close();
    }
  });

  it('undici with the same depth (protocol http1) writes nothing behind a POST either', async () => {
    answer = eachAfter(30);
    const agent = createAgent(
      { protocol: 'http1', insecure: false },
      { connections: 1, connectTimeoutMs: 2000, pipelining: 4 },
    );
    try {
      const rs = await Promise.all([
        exchange(agent, spec('/post', { method: 'POST', body: 'x' })),
        exchange(agent, spec('/g1')),
        exchange(agent, spec('/g2')),
      ]);
      expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(arrivals.find((x) => x.path === '/g1')?.outstanding).toBe(0);
      expect(arrivals.find((x) => x.path === '/g2')?.outstanding).toBe(1); // GETs are pipelined
    } finally {
      await agent.destroy();
    }
  });
});
