/**
 * Conformance, kept-alive connections: both clients reuse a connection only while it is fit to carry a request
 * (not one the server closed or sent unasked bytes on, not past the server's Keep-Alive hint), so such a connection
 * costs no error; and close() leaves no connection open.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { exchange } from '../exchange.ts';
import {
  CLIENTS,
  makeClient,
  ok,
  request,
  sleep,
  socketFreed,
  startRawServer,
  useClient,
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

describe.each(CLIENTS)('%s client: kept-alive connections', (name) => {
  const c = useClient(name);
  const send = (o = {}) => exchange(c.dispatcher, request(raw.origin, '/', o));
  beforeEach(() => {
    raw.reset();
  });

  it('a connection the server closed while idle is forgotten: the next request opens a new one, no error', async () => {
    raw.behave = (_n, s) => {
      s.write(ok());
      setTimeout(() => s.end(), 5);
    };
    expect((await send()).status).toBe(200);
    await sleep(30);
    const next = await send();
    expect(next.error).toBeUndefined();
    expect(next.connecting).toBeGreaterThan(0);
    expect(raw.connections).toBe(2);
  });

  it('an idle connection the server has just closed is not written to: a POST goes on a new connection, no error', async () => {
    raw.behave = (_n, s) => s.write(ok());
    expect((await send()).status).toBe(200);
    await sleep(10);
    raw.destroySockets(); // the FIN is on its way, not yet seen by the client's event loop
    const post = await send({ method: 'POST', body: 'x' });
    expect(post.error).toBeUndefined();
    expect(post.status).toBe(200);
    expect(raw.connections).toBe(2);
  });

  it('two responses in one read (unasked pipelining), or bytes after a response: the connection is not reused', async () => {
    raw.behave = (n, s) => s.write(n === 0 ? ok() + ok() : ok());
    expect((await send()).body?.toString()).toBe('ok');
    await socketFreed();
    expect((await send()).status).toBe(200);
    expect(raw.connections).toBe(2);
    raw.behave = (_n, s) => {
      s.write(ok());
      setTimeout(() => s.write('junk'), 5);
    };
    expect((await send()).status).toBe(200);
    await sleep(30);
    const after = await send();
    expect(after.error).toBeUndefined();
    expect(raw.connections).toBe(4); // the connection that got junk while idle was dropped, not handed out
  });

  it("follows the server's Keep-Alive: timeout hint: idle for the timeout minus 2 s, not reused at 2 s or less", async () => {
    let hint = 2;
    raw.behave = (_n, s) => {
      s.write(ok('ok', `Keep-Alive: timeout=${hint}\r\n`));
    };
    await send();
    await sleep(20);
    expect(c.openConnections(raw.origin)).toBe(0); // timeout=2: closed at once
    hint = 3; // 1 s of idle at most
    await send();
    await sleep(600);
    expect(c.openConnections(raw.origin)).toBe(1);
    await sleep(700);
    if (name === 'undici') await sleep(700); // undici's idle timers are coarse: up to half a second late
    expect(c.openConnections(raw.origin)).toBe(0);
    expect(raw.connections).toBe(2);
  });

  it('close() resolves once every connection is closed, and a request after it fails instead of opening one', async () => {
    const own = makeClient(name, { connections: 10 });
    await Promise.all([1, 2, 3].map(() => exchange(own.dispatcher, request(target.url, '/delay?ms=1'))));
    expect(own.openConnections(target.url)).toBe(3);
    const pending = exchange(own.dispatcher, request(target.url, '/hang', { timeoutMs: 10_000 }));
    await sleep(20);
    await own.close();
    const r = await pending;
    expect(r.error).toBeDefined(); // cut by the close
    expect(own.openConnections(target.url)).toBe(0);
    const after = await exchange(own.dispatcher, request(target.url, '/json'));
    expect(after.status).toBe(0);
    expect(after.error).toBeDefined();
    expect(own.openConnections(target.url)).toBe(0);
    // The closed fast client leaves that request to its fallback, closed too, which reports the error.
    expect(own.fallbacks()).toBe(name === 'fast' ? 1 : 0);
  });
});
