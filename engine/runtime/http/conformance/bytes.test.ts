/**
 * Conformance, bytes: both clients write the same request head byte for byte (so headBytes and data_sent mean the
 * same) and count as bytesReceived and bytesSent exactly what crossed the wire (data_received, data_sent), against
 * a raw server that keeps every request as it arrived. Over TLS and HTTP/2: tests/integration/wire-bytes.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, TEXT_BODY, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { exchange } from '../exchange.ts';
import {
  CLIENTS,
  ok,
  request,
  startRawServer,
  UNCACHED,
  useClient,
  type ClientName,
  type RawRequest,
  type RawServer,
} from './testing.ts';

let raw: RawServer;
let target: TargetServer;
beforeAll(async () => {
  raw = await startRawServer();
  target = await startTargetServer();
});
afterAll(async () => {
  await raw.close();
  await target.close();
});

/** The one request the raw server read whose request line is `${requestLine} HTTP/1.1`. */
function requestFor(requestLine: string): RawRequest {
  const found = raw.requests.filter((r) => r.head.startsWith(`${requestLine} HTTP/1.1\r\n`));
  expect(found, `one request ${requestLine}`).toHaveLength(1);
  return found[0]!;
}

describe.each<ClientName>([...CLIENTS, UNCACHED])('%s client: bytes on the wire', (name) => {
  const c = useClient(name);
  const send = (path: string, o = {}) => exchange(c.dispatcher, request(raw.origin, path, o));
  beforeEach(() => {
    raw.reset();
    raw.behave = (_n, s) => s.write(ok());
  });

  it('writes the head undici writes: host from the origin, connection: keep-alive, then the headers in order', async () => {
    const r = await send('/p?q=1', { headers: ['x-one', 'a', 'user-agent', 'ua/1', 'accept', '*/*'] });
    expect(r.status).toBe(200);
    const { head, body } = requestFor('GET /p?q=1');
    expect(head).toBe(
      `GET /p?q=1 HTTP/1.1\r\nhost: ${raw.origin.slice('http://'.length)}\r\nconnection: keep-alive\r\nx-one: a\r\nuser-agent: ua/1\r\naccept: */*\r\n\r\n`,
    );
    expect(body.length).toBe(0);
    expect(r.headBytes).toBe(head.length - 2); // the head up to its last header line, without the blank line
    expect(r.bytesSent).toBe(head.length);
    expect(r.bytesReceived).toBe(ok().length);
  });

  it("a Host header of the user's replaces the origin's, in the Host line's place", async () => {
    const r = await send('/vhost', { headers: ['accept', '*/*', 'Host', 'virtual.test:8080', 'x-two', 'b'] });
    expect(r.status).toBe(200);
    const { head } = requestFor('GET /vhost');
    expect(head).toBe(
      'GET /vhost HTTP/1.1\r\nhost: virtual.test:8080\r\nconnection: keep-alive\r\naccept: */*\r\nx-two: b\r\n\r\n',
    );
    expect(r.headBytes).toBe(head.length - 2);
  });

  it('keepAlive false writes connection: close', async () => {
    await send('/closing', { keepAlive: false });
    expect(requestFor('GET /closing').head).toMatch(/\r\nconnection: close\r\n/);
  });

  it('a POST: headBytes plus its content-length line and the blank line, then the body in bytes', async () => {
    const body = JSON.stringify({ name: 'Zoë', n: [1, 2, 3] }); // multi-byte: the length is in bytes
    const r = await send('/post', { method: 'POST', headers: ['content-type', 'application/json'], body });
    expect(r.status).toBe(200);
    const sent = requestFor('POST /post');
    const bodyBytes = Buffer.byteLength(body);
    expect(sent.head.length).toBe(r.headBytes + `content-length: ${bodyBytes}\r\n`.length + 2);
    expect(sent.body.toString('utf8')).toBe(body);
    expect(r.bytesSent).toBe(sent.head.length + bodyBytes);
  });

  it("a VU's cookie goes after the headers, also before a body's content-length, and counts in headBytes", async () => {
    const headers = ['x-one', 'a', 'user-agent', 'ua/1'];
    const host = raw.origin.slice('http://'.length);
    // The same header array with different cookies (what VUs sharing a step send), and again without one.
    const one = await send('/c1', { headers, cookie: 'sid=1' });
    const two = await send('/c2', { headers, cookie: 'sid=22; csrftoken=é' });
    const none = await send('/c3', { headers });
    const lines = `host: ${host}\r\nconnection: keep-alive\r\nx-one: a\r\nuser-agent: ua/1\r\n`;
    expect(requestFor('GET /c1').head).toBe(`GET /c1 HTTP/1.1\r\n${lines}cookie: sid=1\r\n\r\n`);
    expect(requestFor('GET /c2').head).toBe(
      Buffer.from(`GET /c2 HTTP/1.1\r\n${lines}cookie: sid=22; csrftoken=é\r\n\r\n`, 'latin1').toString('latin1'),
    );
    expect(requestFor('GET /c3').head).toBe(`GET /c3 HTTP/1.1\r\n${lines}\r\n`);
    for (const [r, p] of [
      [one, '/c1'],
      [two, '/c2'],
      [none, '/c3'],
    ] as const) {
      expect(r.status, p).toBe(200);
      expect(r.headBytes, p).toBe(requestFor(`GET ${p}`).head.length - 2);
      expect(r.bytesSent, p).toBe(requestFor(`GET ${p}`).head.length);
    }
    const body = 'hello';
    const post = await send('/c4', { method: 'POST', headers, cookie: 'sid=4', body });
    const sent = requestFor('POST /c4');
    expect(sent.head).toBe(`POST /c4 HTTP/1.1\r\n${lines}cookie: sid=4\r\ncontent-length: 5\r\n\r\n`);
    expect(sent.body.toString()).toBe(body);
    expect(post.headBytes).toBe(sent.head.length - 'content-length: 5\r\n\r\n'.length);
    expect(post.bytesSent).toBe(sent.head.length + body.length);
  });

  it('POSTs with the same headers and bodies of other lengths: each head says its own content-length', async () => {
    const headers = ['content-type', 'text/plain'];
    // The same path, method and header list each time: the fast client's cached head for them, rebuilt per length.
    for (const body of ['a', 'bbb', 'a', '', 'cc']) {
      const r = await send('/len', { method: 'POST', headers, body });
      const sent = raw.requests.at(-1)!;
      expect(sent.head).toBe(
        `POST /len HTTP/1.1\r\nhost: ${raw.origin.slice('http://'.length)}\r\nconnection: keep-alive\r\n` +
          `content-type: text/plain\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      expect(sent.body.toString()).toBe(body);
      expect(r.bytesSent).toBe(sent.head.length + body.length);
    }
    expect(raw.requests).toHaveLength(5);
  });

  it('a cookie value undici refuses (a control character) fails the request, as a refused header does', async () => {
    c.handsToUndici(1); // the fast client leaves it to undici, which refuses it
    const r = await send('/bad-cookie', { cookie: 'sid=1\r\nx-injected: 1' });
    expect(r.status).toBe(0);
    expect(r.error).toBeDefined();
    expect(raw.requests.filter((q) => q.head.includes('x-injected'))).toHaveLength(0);
  });

  it('a keep-alive connection and several requests in flight: each exchange gets its own head size', async () => {
    const paths = ['/a', '/bb?x=1', '/ccc/ddd/eee', '/f'];
    const first = await send('/first');
    const rs = await Promise.all(paths.map((p, i) => send(p, { headers: ['x-pad', 'p'.repeat(10 * i)] })));
    expect(requestFor('GET /first').head.length).toBe(first.headBytes + 2);
    for (const [i, p] of paths.entries()) {
      expect(rs[i]?.status, p).toBe(200);
      expect(requestFor(`GET ${p}`).head.length, p).toBe((rs[i]?.headBytes ?? 0) + 2);
      expect(rs[i]?.bytesSent, p).toBe((rs[i]?.headBytes ?? 0) + 2);
    }
    expect(raw.requests).toHaveLength(paths.length + 1);
  });

  it('bytesReceived is the response as it came over the wire, status line and headers included', async () => {
    const response = 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Thing: abc\r\n\r\nhello';
    raw.behave = (_n, s) => s.write(response);
    const r = await send('/');
    expect(r.status).toBe(201);
    expect(r.headers['x-thing']).toBe('abc');
    expect(r.body?.toString()).toBe('hello');
    expect(r.bytesReceived).toBe(Buffer.byteLength(response));
  });

  it('counts the status line and every header line in bytesReceived (a Node.js server)', async () => {
    const r = await exchange(c.dispatcher, request(target.url, '/text'));
    expect(r.body?.toString('utf8')).toBe(TEXT_BODY);
    // At least "HTTP/1.1 200 OK\r\n", every "name: value\r\n" and the blank line come before the body.
    const headerLines = Object.entries(r.headers).reduce(
      (n, [k, v]) => n + (Array.isArray(v) ? v : [v]).reduce((m, x) => m + k.length + 2 + (x ?? '').length + 2, 0),
      0,
    );
    expect(r.bytesReceived).toBeGreaterThanOrEqual(
      Buffer.byteLength(TEXT_BODY) + 'HTTP/1.1 200 OK\r\n'.length + headerLines + 2,
    );
  });
});
