import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, TEXT_BODY, unusedPort, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import { classifyError, errorMessage } from './errors.ts';
import { exchange, type Exchange, type ExchangeResult, type ExchangeSpec } from './exchange.ts';

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
  for (const k of ['blocked', 'sending', 'waiting', 'receiving', 'duration'] as const) {
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
    let x: Exchange | undefined;
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
    let x: Exchange | undefined;
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
