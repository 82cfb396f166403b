import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, TEXT_BODY, unusedPort, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import { timedConnector } from './connect-timing.ts';
import { classifyError, errorMessage } from './errors.ts';
import { exchange } from './exchange.ts';
import type { ExchangeResult, ExchangeSpec, Interruptible } from './types.ts';

let server: TargetServer;
let agent: Agent;

beforeAll(async () => { server = await startTargetServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { agent = new Agent({ keepAliveTimeout: 1000 }); });
afterEach(async () => { await agent.destroy(); });

function spec(path: string, o: Partial<ExchangeSpec> = {}): ExchangeSpec {
  return {
    origin: server.url, path, method: 'GET', headers: [], body: null,
    timeoutMs: 5000, keepAlive: true, keepBody: true, maxBodySize: 1024 * 1024, ...o,
  };
}

function expectPhasesConsistent(r: ExchangeResult): void {
  for (const k of ['blocked', 'connecting', 'tls', 'sending', 'waiting', 'receiving', 'duration', 'headBytes'] as const) {
    expect(Number.isInteger(r[k]), k).toBe(true);
    expect(r[k], k).toBeGreaterThanOrEqual(0);
  }
  expect(r.duration).toBe(r.sending + r.waiting + r.receiving);
}

describe('exchange against the target server', () => {
  it('a GET gives status, headers, body and consistent phases', async () => {
    const r = await exchange(agent, spec('/json'));
    expect(r.error).toBeUndefined();
    expect(r.interrupted).toBe(false);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body?.toString('utf8')).toBe(JSON.stringify(JSON_DOC));
    expect(r.bodyTruncated).toBe(false);
    expectPhasesConsistent(r);
    expect(r.duration).toBeGreaterThan(0);
  });

  it('counts the status line and headers in bytesReceived', async () => {
    const r = await exchange(agent, spec('/text'));
    const bodyLength = Buffer.byteLength(TEXT_BODY);
    expect(r.body?.toString('utf8')).toBe(TEXT_BODY);
    // At least "HTTP/1.1 200 OK\r\n", every "name: value\r\n" and the blank line come before the body.
    const headerLines = Object.entries(r.headers).reduce((n, [k, v]) => n + (Array.isArray(v) ? v : [v]).reduce((m, x) => m + k.length + 2 + (x ?? '').length + 2, 0), 0);
    expect(r.bytesReceived).toBeGreaterThanOrEqual(bodyLength + 'HTTP/1.1 200 OK\r\n'.length + headerLines + 2);
  });

  it('does not keep the body unless asked to, but still counts its bytes', async () => {
    const r = await exchange(agent, spec('/bytes?n=3000', { keepBody: false }));
    expect(r.status).toBe(200);
    expect(r.body).toBeUndefined();
    expect(r.bodyTruncated).toBe(false);
    expect(r.bytesReceived).toBeGreaterThan(3000);
  });

  it('keeps an empty body as an empty buffer', async () => {
    const r = await exchange(agent, spec('/status/204'));
    expect(r.status).toBe(204);
    expect(r.body).toEqual(Buffer.alloc(0));
  });

  it('sends method, headers and body', async () => {
    const r = await exchange(agent, spec('/echo?x=1', { method: 'POST', headers: ['x-test', 'yes', 'content-type', 'text/plain'], body: 'payload' }));
    expect(r.status).toBe(200);
    const echo = JSON.parse(r.body?.toString('utf8') ?? '') as { method: string; query: Record<string, string>; headers: Record<string, string>; body: string };
    expect(echo.method).toBe('POST');
    expect(echo.query).toEqual({ x: '1' });
    expect(echo.headers['x-test']).toBe('yes');
    expect(echo.body).toBe('payload');
  });

  it('measures server think time as waiting', async () => {
    const r = await exchange(agent, spec('/delay?ms=100'));
    expect(r.status).toBe(200);
    expectPhasesConsistent(r);
    expect(r.waiting).toBeGreaterThanOrEqual(95_000); // microseconds; timers may fire a little early
    expect(r.waiting).toBeLessThan(1_500_000);
    expect(r.duration).toBeGreaterThanOrEqual(r.waiting);
  });

  it('truncates a body larger than maxBodySize but counts every byte', async () => {
    const r = await exchange(agent, spec('/bytes?n=5000', { maxBodySize: 1000 }));
    expect(r.status).toBe(200);
    expect(r.error).toBeUndefined();
    expect(r.bodyTruncated).toBe(true);
    expect(r.body?.length ?? 0).toBeLessThanOrEqual(1000);
    expect(r.bytesReceived).toBeGreaterThan(5000);
  });

  it('keeps a body exactly at maxBodySize', async () => {
    const r = await exchange(agent, spec('/bytes?n=1000', { maxBodySize: 1000 }));
    expect(r.bodyTruncated).toBe(false);
    expect(r.body).toEqual(Buffer.alloc(1000, 0x61));
  });
});

describe('exchange failures, classified', () => {
  it('connection refused', async () => {
    const port = await unusedPort();
    const r = await exchange(agent, spec('/', { origin: `http://127.0.0.1:${port}` }));
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('refused');
    expect(r.error?.message).toMatch(/ECONNREFUSED/);
    expect(r.headers).toEqual({});
    expect(r.body).toBeUndefined();
    expect(r.interrupted).toBe(false);
    expectPhasesConsistent(r);
  });

  it('reset by the server', async () => {
    const r = await exchange(agent, spec('/reset'));
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('reset');
  });

  it('timeout while waiting for headers', async () => {
    const t0 = performance.now();
    const r = await exchange(agent, spec('/hang', { timeoutMs: 300 }));
    const elapsed = performance.now() - t0;
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('malformed response', async () => {
    const r = await exchange(agent, spec('/malformed'));
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('malformed');
  });

  it('an invalid request is reported, not thrown', async () => {
    const r = await exchange(agent, spec('no-leading-slash'));
    expect(r.status).toBe(0);
    expect(r.error).toBeDefined();
    expect(r.interrupted).toBe(false);
  });
});

describe('Exchange.interrupt', () => {
  it('resolves at once with interrupted=true and no error', async () => {
    let x: Interruptible | undefined;
    const pending = exchange(agent, spec('/hang', { timeoutMs: 10_000 }), (e) => { x = e; });
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    x?.interrupt();
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(100);
    expect(r.interrupted).toBe(true);
    expect(r.status).toBe(0);
    expect(r.error).toBeUndefined();
    expectPhasesConsistent(r);
  });

  it('before the request started, it still resolves once', async () => {
    let resolved = 0;
    let x: Interruptible | undefined;
    const pending = exchange(agent, spec('/json'), (e) => { x = e; e.interrupt(); }).then((r) => { resolved++; return r; });
    const r = await pending;
    x?.interrupt(); // a second call is a no-op
    await new Promise((res) => setTimeout(res, 20));
    expect(resolved).toBe(1);
    expect(r.interrupted).toBe(true);
    expect(r.status).toBe(0);
  });
});

describe('exchange against an exact raw response', () => {
  let raw: Server;
  const sockets = new Set<Socket>();
  const RESPONSE = 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Thing: abc\r\n\r\nhello';

  beforeAll(async () => {
    raw = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.once('data', () => s.write(RESPONSE));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => raw.close(() => r()));
  });

  it('bytesReceived equals the bytes on the wire', async () => {
    const { port } = raw.address() as AddressInfo;
    const r = await exchange(agent, spec('/', { origin: `http://127.0.0.1:${port}` }));
    expect(r.status).toBe(201);
    expect(r.headers['x-thing']).toBe('abc');
    expect(r.body?.toString()).toBe('hello');
    expect(r.bytesReceived).toBe(Buffer.byteLength(RESPONSE));
  });
});

/**
 * undici hands a kept-alive socket back to its pool one event-loop turn after the response ended (setImmediate in
 * client-h1 onMessageComplete, for pipelining 1); a request sent before that opens another connection.
 */
const socketFreed = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('connection timing with timedConnector (http)', () => {
  let timed: Agent;
  beforeEach(() => { timed = new Agent({ connect: timedConnector({}), keepAliveTimeout: 10_000 }); });
  afterEach(async () => { await timed.destroy(); });

  it('the first request on a new connection has connecting > 0 and no TLS; the next one on that kept-alive connection has neither', async () => {
    const first = await exchange(timed, spec('/json'));
    expect(first.status).toBe(200);
    expectPhasesConsistent(first);
    expect(first.connecting).toBeGreaterThan(0);
    expect(first.tls).toBe(0);
    // Connecting happened while the request waited for a socket (each side rounded to whole µs).
    expect(first.connecting).toBeLessThanOrEqual(first.blocked + 1);

    await socketFreed();
    const second = await exchange(timed, spec('/json'));
    expect(second.status).toBe(200);
    expectPhasesConsistent(second);
    expect(second.connecting).toBe(0);
    expect(second.tls).toBe(0);
  });

  it('without keep-alive every request opens a connection and reports its connecting time', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await exchange(timed, spec('/json', { keepAlive: false }));
      expect(r.status, `request ${i}`).toBe(200);
      expect(r.connecting, `request ${i}`).toBeGreaterThan(0);
      expect(r.tls, `request ${i}`).toBe(0);
    }
  });

  it('requests in flight together each open, and are charged for, their own connection', async () => {
    const rs = await Promise.all([exchange(timed, spec('/delay?ms=20')), exchange(timed, spec('/delay?ms=20'))]);
    for (const r of rs) {
      expect(r.status).toBe(200);
      expect(r.connecting).toBeGreaterThan(0);
    }
    // With one idle connection and two requests at once: one reuses it (0), the other opens one (> 0).
    await socketFreed();
    await socketFreed();
    const more = await Promise.all([exchange(timed, spec('/json')), exchange(timed, spec('/json')), exchange(timed, spec('/json'))]);
    expect(more.map((r) => r.connecting > 0).sort()).toEqual([false, false, true]);
  });

  it('a refused connection has no head bytes and no connection phases', async () => {
    const port = await unusedPort();
    const r = await exchange(timed, spec('/', { origin: `http://127.0.0.1:${port}` }));
    expect(r.error?.kind).toBe('refused');
    expect(r.headBytes).toBe(0);
    expect(r.connecting).toBe(0);
    expect(r.tls).toBe(0);
  });
});

describe('headBytes against a server that captures the raw request', () => {
  interface Captured { head: Buffer; body: Buffer }
  let raw: Server;
  let origin: string;
  const sockets = new Set<Socket>();
  let captured: Captured[] = [];
  const RESPONSE = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
  const CRLF2 = Buffer.from('\r\n\r\n');

  beforeAll(async () => {
    raw = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      let buf = Buffer.alloc(0);
      s.on('data', (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          const end = buf.indexOf(CRLF2);
          if (end < 0) return;
          const head = buf.subarray(0, end + 4);
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head.toString('latin1'))?.[1] ?? 0);
          if (buf.length < head.length + length) return;
          captured.push({ head: Buffer.from(head), body: Buffer.from(buf.subarray(head.length, head.length + length)) });
          buf = buf.subarray(head.length + length);
          s.write(RESPONSE);
        }
      });
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  beforeEach(() => { captured = []; });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => raw.close(() => r()));
  });

  /** The one captured request whose request line is `${requestLine} HTTP/1.1`. */
  const headOf = (requestLine: string): Captured => {
    const found = captured.filter((c) => c.head.toString('latin1').startsWith(`${requestLine} HTTP/1.1\r\n`));
    expect(found, `one captured request for ${requestLine}`).toHaveLength(1);
    return found[0] as Captured;
  };

  it('a GET: the head on the wire is headBytes plus the blank line', async () => {
    const r = await exchange(agent, spec('/some/path?q=1', { origin, headers: ['x-one', 'a', 'user-agent', 'loadsmith-test/1.0', 'accept', '*/*'] }));
    expect(r.status).toBe(200);
    expect(r.headBytes).toBeGreaterThan(0);
    const c = headOf('GET /some/path?q=1');
    expect(c.head.length).toBe(r.headBytes + 2);
    expect(c.body.length).toBe(0);
  });

  it('a POST with a body: headBytes plus its content-length line and the blank line', async () => {
    const body = JSON.stringify({ name: 'Zoë', n: [1, 2, 3] }); // multi-byte: the length is in bytes
    const r = await exchange(agent, spec('/post', { origin, method: 'POST', headers: ['content-type', 'application/json'], body }));
    expect(r.status).toBe(200);
    const c = headOf('POST /post');
    const bodyBytes = Buffer.byteLength(body);
    expect(c.head.length).toBe(r.headBytes + `content-length: ${bodyBytes}\r\n`.length + 2);
    expect(c.body.toString('utf8')).toBe(body);
  });

  it('a keep-alive connection and several requests in flight: each exchange gets its own head size', async () => {
    const paths = ['/a', '/bb?x=1', '/ccc/ddd/eee', '/f'];
    const first = await exchange(agent, spec('/first', { origin }));
    const rs = await Promise.all(paths.map((p, i) => exchange(agent, spec(p, { origin, headers: ['x-pad', 'p'.repeat(10 * i)] }))));
    expect(headOf('GET /first').head.length).toBe(first.headBytes + 2);
    for (const [i, p] of paths.entries()) {
      expect(rs[i]?.status, p).toBe(200);
      expect(headOf(`GET ${p}`).head.length, p).toBe((rs[i]?.headBytes ?? 0) + 2);
    }
    expect(captured).toHaveLength(paths.length + 1);
  });
});

describe('connection timing with timedConnector (https, self-signed)', () => {
  let dir: string;
  let tlsServer: HttpsServer;
  let origin: string;
  let timed: Agent;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'loadsmith-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    tlsServer = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 }).end('ok');
    });
    await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
    origin = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tlsServer.closeAllConnections();
    await new Promise<void>((r) => tlsServer.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => { timed = new Agent({ connect: timedConnector({ rejectUnauthorized: false }), keepAliveTimeout: 10_000 }); });
  afterEach(async () => { await timed.destroy(); });

  it('the first request reports connecting and tls > 0 (both within blocked); the reused connection reports 0', async () => {
    const first = await exchange(timed, spec('/', { origin }));
    expect(first.error).toBeUndefined();
    expect(first.status).toBe(200);
    expectPhasesConsistent(first);
    expect(first.connecting).toBeGreaterThan(0);
    expect(first.tls).toBeGreaterThan(0);
    expect(first.connecting + first.tls).toBeLessThanOrEqual(first.blocked + 2);

    await socketFreed();
    const second = await exchange(timed, spec('/', { origin }));
    expect(second.status).toBe(200);
    expect(second.connecting).toBe(0);
    expect(second.tls).toBe(0);
  });

  it('verification still applies: a self-signed certificate is refused unless rejectUnauthorized is false', async () => {
    const strict = new Agent({ connect: timedConnector({}) });
    try {
      const r = await exchange(strict, spec('/', { origin }));
      expect(r.status).toBe(0);
      expect(r.error?.kind).toBe('tls');
      expect(r.headBytes).toBe(0);
    } finally {
      await strict.destroy();
    }
  });
});

describe('classifyError', () => {
  const err = (code: string, cause?: unknown): Error => Object.assign(new Error(`failed ${code}`), { code, ...(cause !== undefined ? { cause } : {}) });

  it('maps system and undici codes', () => {
    expect(classifyError(err('ECONNREFUSED'))).toBe('refused');
    expect(classifyError(err('ECONNRESET'))).toBe('reset');
    expect(classifyError(err('EPIPE'))).toBe('reset');
    expect(classifyError(err('UND_ERR_SOCKET'))).toBe('reset');
    expect(classifyError(err('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_BODY_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_CONNECT_TIMEOUT'))).toBe('timeout');
    expect(classifyError(err('ETIMEDOUT'))).toBe('timeout');
    expect(classifyError(err('UND_ERR_RES_EXCEEDED_MAX_SIZE'))).toBe('body-too-large');
  });

  it('DNS failures', () => {
    expect(classifyError(err('ENOTFOUND'))).toBe('dns');
    expect(classifyError(err('EAI_AGAIN'))).toBe('dns');
  });

  it('TLS failures by code family', () => {
    expect(classifyError(err('CERT_HAS_EXPIRED'))).toBe('tls');
    expect(classifyError(err('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('tls');
    expect(classifyError(err('SELF_SIGNED_CERT_IN_CHAIN'))).toBe('tls');
    expect(classifyError(err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toBe('tls');
    expect(classifyError(err('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('tls');
    expect(classifyError(err('ERR_SSL_WRONG_VERSION_NUMBER'))).toBe('tls');
    expect(classifyError(err('EPROTO'))).toBe('tls');
  });

  it('any llhttp parser error is malformed', () => {
    expect(classifyError(err('HPE_INVALID_STATUS'))).toBe('malformed');
    expect(classifyError(err('HPE_INVALID_HEADER_TOKEN'))).toBe('malformed');
    expect(classifyError(err('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'))).toBe('malformed');
    // undici's own code for a response head over its limit (the fast client: HPE_HEADER_OVERFLOW).
    expect(classifyError(err('UND_ERR_HEADERS_OVERFLOW'))).toBe('malformed');
  });

  it('looks through causes', () => {
    expect(classifyError(new TypeError('fetch failed', { cause: err('ECONNREFUSED') }))).toBe('refused');
    expect(classifyError(err('UND_ERR_CONNECT', err('X', err('CERT_HAS_EXPIRED'))))).toBe('tls');
  });

  it('falls back to other, also for odd values and self-causes', () => {
    expect(classifyError(new Error('boom'))).toBe('other');
    expect(classifyError(err('E_SOMETHING'))).toBe('other');
    expect(classifyError(null)).toBe('other');
    expect(classifyError('text')).toBe('other');
    const self = err('E_LOOP');
    (self as { cause?: unknown }).cause = self;
    expect(classifyError(self)).toBe('other');
  });
});

describe('errorMessage', () => {
  it('adds the code and the cause once, on one line', () => {
    expect(errorMessage(Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }))).toBe('connect failed (ECONNREFUSED)');
    expect(errorMessage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(errorMessage(new Error('fetch failed', { cause: new Error('socket hang up') }))).toBe('fetch failed: socket hang up');
    expect(errorMessage(new Error('line one\nline two'))).toBe('line one');
    expect(errorMessage('plain')).toBe('plain');
  });
});
