/**
 * Conformance, what comes back: both clients give the same status, headers and body for the same response, keep
 * the body only when asked (up to maxBodySize), return redirects as they are (the VU follows them: vu/send.ts) and
 * repeated headers such as Set-Cookie as arrays (the VU's cookie jar reads them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, TEXT_BODY, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { exchange } from '../exchange.ts';
import {
  CLIENTS,
  expectPhasesConsistent,
  ok,
  request,
  socketFreed,
  startRawServer,
  useClient,
  type RawServer,
} from './testing.ts';

let target: TargetServer;
let raw: RawServer;
beforeAll(async () => {
  target = await startTargetServer();
  raw = await startRawServer();
});
afterAll(async () => {
  await target.close();
  await raw.close();
});

describe.each(CLIENTS)('%s client: responses', (name) => {
  const c = useClient(name);
  const get = (path: string, o = {}) => exchange(c.dispatcher, request(target.url, path, o));
  const rawGet = (o = {}) => exchange(c.dispatcher, request(raw.origin, '/', o));

  it('a GET gives status, headers, body and consistent phases', async () => {
    const r = await get('/json');
    expect(r.error).toBeUndefined();
    expect(r.interrupted).toBe(false);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body?.toString('utf8')).toBe(JSON.stringify(JSON_DOC));
    expect(r.bodyTruncated).toBe(false);
    expect(r.h2).toBe(false);
    expectPhasesConsistent(r);
    expect(r.duration).toBeGreaterThan(0);
    expect(r.connecting).toBeGreaterThan(0); // the first request opened the connection
    expect((await get('/text')).body?.toString()).toBe(TEXT_BODY);
  });

  it("sends method, query, headers and body; a multi-byte body's content-length is its length in bytes", async () => {
    const body = JSON.stringify({ name: 'Zoë' });
    const r = await get('/echo?x=1', {
      method: 'POST',
      headers: ['x-test', 'yes', 'content-type', 'application/json'],
      body,
    });
    expect(r.status).toBe(200);
    const echo = JSON.parse(r.body?.toString('utf8') ?? '') as {
      method: string;
      query: Record<string, string>;
      headers: Record<string, string>;
      body: string;
    };
    expect(echo.method).toBe('POST');
    expect(echo.query).toEqual({ x: '1' });
    expect(echo.headers['x-test']).toBe('yes');
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(echo.body).toBe(body);
  });

  it('does not keep the body unless asked to, but still counts its bytes', async () => {
    const r = await get('/bytes?n=3000', { keepBody: false });
    expect(r.status).toBe(200);
    expect(r.body).toBeUndefined();
    expect(r.bodyTruncated).toBe(false);
    expect(r.bytesReceived).toBeGreaterThan(3000);
  });

  it('truncates a body larger than maxBodySize but counts every byte; one exactly at maxBodySize is kept whole', async () => {
    const dropped = await get('/bytes?n=3000', { keepBody: false });
    const cut = await get('/bytes?n=3000', { maxBodySize: 1000 });
    expect(cut.status).toBe(200);
    expect(cut.error).toBeUndefined();
    expect(cut.bodyTruncated).toBe(true);
    expect(cut.body?.length ?? 0).toBeLessThanOrEqual(1000);
    expect(cut.bytesReceived).toBe(dropped.bytesReceived);
    const exact = await get('/bytes?n=1000', { maxBodySize: 1000 });
    expect(exact.bodyTruncated).toBe(false);
    expect(exact.body).toEqual(Buffer.alloc(1000, 0x61));
  });

  it('keeps an empty body as an empty buffer', async () => {
    const r = await get('/status/204');
    expect(r.status).toBe(204);
    expect(r.body).toEqual(Buffer.alloc(0));
  });

  it.each([301, 302, 303, 307, 308])(
    'returns a %i as it is, with its location, without following it',
    async (status) => {
      const before = target.hits('/json');
      const r = await get(`/redirect?status=${status}&to=/json`);
      expect(r.error).toBeUndefined();
      expect(r.status).toBe(status);
      expect(r.headers.location).toBe('/json');
      expect(r.body).toEqual(Buffer.alloc(0));
      expect(target.hits('/json')).toBe(before);
    },
  );

  it('gives repeated headers (Set-Cookie) as an array in order, a single one as a string', async () => {
    const two = await get('/cookies/set?a=1&b=2');
    expect(two.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const one = await get('/cookies/set?only=x');
    expect(one.headers['set-cookie']).toBe('only=x; Path=/');
  });

  it('reads chunked, read-until-close and connection: close responses', async () => {
    raw.reset();
    raw.behave = (n, s) => {
      if (n === 0) s.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n');
      else s.end('HTTP/1.1 200 OK\r\n\r\nuntil close');
    };
    const chunked = await rawGet();
    expect(chunked.body?.toString()).toBe('abc');
    await socketFreed();
    const untilClose = await rawGet();
    expect(untilClose.status).toBe(200);
    expect(untilClose.body?.toString()).toBe('until close');
    expect(raw.connections).toBe(1);
    raw.behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    await rawGet();
    await socketFreed();
    await rawGet();
    expect(raw.connections).toBe(3);
  });

  it('skips a 103 Early Hints before the response (an unasked 100 Continue: fast/fast-client.test.ts)', async () => {
    raw.reset();
    raw.behave = (_n, s) =>
      s.write(
        'HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx',
      );
    const r = await rawGet();
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(201);
    expect(r.headers.link).toBeUndefined(); // the final response's headers only
    expect(r.body?.toString()).toBe('x');
  });

  it('reads no body after a HEAD, whatever its content-length says', async () => {
    raw.reset();
    raw.behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n');
    const head = await rawGet({ method: 'HEAD' });
    expect(head.error).toBeUndefined();
    expect(head.status).toBe(200);
    expect(head.body).toEqual(Buffer.alloc(0));
  });

  it('answers a 204 that announces a body anyway, and does not reuse its connection', async () => {
    raw.reset();
    let answered = 0; // across connections (n counts per connection)
    raw.behave = (_n, s) => s.write(answered++ === 0 ? 'HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n' : ok());
    expect((await rawGet()).status).toBe(204);
    await socketFreed();
    expect((await rawGet()).status).toBe(200);
    expect(raw.connections).toBe(2);
  });

  it('gives the same result for a response cut anywhere (head mid-line, chunk sizes, data) over several reads', async () => {
    raw.reset();
    const wire =
      'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n';
    raw.behave = (_n, s) => {
      const cuts = [7, 20, 38, 60, 64, 70, 90, wire.length];
      let from = 0;
      const next = (k: number): void => {
        const to = cuts[k]!;
        s.write(wire.slice(from, to));
        from = to;
        if (k + 1 < cuts.length) setTimeout(() => next(k + 1), 2);
      };
      next(0);
    };
    const r = await rawGet();
    expect(r.error).toBeUndefined();
    expect(r.headers['content-type']).toBe('text/plain');
    expect(r.body?.toString()).toBe('helloabcdefghijklmnopqrstuvwxyz');
    expect(r.bytesReceived).toBe(wire.length);
    expect(r.receiving).toBeGreaterThan(0);
    await socketFreed();
    expect((await rawGet()).status).toBe(200);
    expect(raw.connections).toBe(1); // complete responses: the connection is reused
  });

  it("sends what the fast client leaves to undici: a Connection header of the request's own", async () => {
    c.handsToUndici(1);
    const r = await get('/echo', { headers: ['Connection', 'keep-alive'] });
    expect(r.status).toBe(200);
    expect(r.error).toBeUndefined();
  });
});
