import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from './server.ts';
import { DemoState, MAX_ORGANIZATIONS, MAX_TOKENS } from './state.ts';

let server: DemoServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startDemoServer({ log: (l) => lines.push(l) });
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, headers?: Record<string, string>): Promise<Response> =>
  fetch(`${server.url}${path}`, { headers });

async function login(): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${server.url}/v3/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ada', password: 'demo' }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { token, cookie: res.headers.get('set-cookie') ?? '' };
}

describe('demo server basics', () => {
  it('listens on loopback on an automatic port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('serves a home page with a login form, a csrf token that changes, and a users link', async () => {
    const a = await (await get('/')).text();
    const b = await (await get('/')).text();
    expect(a).toMatch(/<form[^>]*action="\/v3\/auth\/login"/);
    const csrf = /name="csrf_token" value="([0-9a-f]+)"/;
    expect(a).toMatch(csrf);
    expect(csrf.exec(a)?.[1]).not.toBe(csrf.exec(b)?.[1]);
    expect(a).toContain('href="/v3/users"');
  });

  it('answers /health with JSON', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown routes with 404 JSON and wrong methods with 405', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/no route/);
    const del = await fetch(`${server.url}/health`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET');
  });

  it('logs one line per request when asked', () => {
    expect(lines.some((l) => /^GET \/health 200 /.test(l))).toBe(true);
  });
});

describe('auth', () => {
  it('logs in with JSON, returns a token that unlocks /v3/users, and sets the session cookie', async () => {
    const { token, cookie } = await login();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(cookie).toBe(`session=${token}; Path=/; HttpOnly`);
    expect((await get('/v3/users', { authorization: `Token ${token}` })).status).toBe(200);
    expect((await get('/v3/users', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await get('/v3/users', { cookie: `other=1; session=${token}` })).status).toBe(200);
  });

  it('accepts form-urlencoded login', async () => {
    const res = await fetch(`${server.url}/v3/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'x', password: 'demo', csrf_token: 'abc' }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 and bad bodies with 400', async () => {
    const post = (body: string, type = 'application/json'): Promise<Response> =>
      fetch(`${server.url}/v3/auth/login`, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('{"username":"a","password":"nope"}')).status).toBe(401);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('{"username":"a"}')).status).toBe(400);
    expect((await post('{"username":"","password":"demo"}')).status).toBe(400);
    expect((await post('username=a', 'application/x-www-form-urlencoded')).status).toBe(400);
  });

  it('requires auth under /v3 with an explanatory 401, and accepts the fixed demo token', async () => {
    const res = await get('/v3/users');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: "authentication required: send 'Authorization: Token <token>' (get one from POST /v3/auth/login)",
    });
    expect((await get('/v3/users', { authorization: 'Token not-issued' })).status).toBe(401);
    expect((await get('/v3/users', { cookie: 'session=forged' })).status).toBe(401);
    expect((await get('/v3/users/1', { authorization: 'Token demo-token' })).status).toBe(200);
  });

  it('evicts the oldest tokens beyond the bound', () => {
    const state = new DemoState();
    const first = state.issueToken();
    for (let i = 0; i < MAX_TOKENS; i++) state.issueToken();
    expect(state.isValidToken(first)).toBe(false);
    expect(state.isValidToken(state.issueToken())).toBe(true);
  });
});

describe('users', () => {
  const auth = { authorization: 'Token demo-token' };
  type Page = {
    count: number;
    page: number;
    next: string | null;
    results: Array<{ id: number; username: string; email: string; organization: string }>;
  };

  it('paginates the 100 users with a next link', async () => {
    const p1 = (await (await get('/v3/users', auth)).json()) as Page;
    expect(p1.count).toBe(100);
    expect(p1.page).toBe(1);
    expect(p1.results.map((u) => u.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.keys(p1.results[0] ?? {}).sort()).toEqual(['email', 'id', 'organization', 'username']);
    expect(p1.next).toBe('/v3/users?page=2&limit=10');
    const p2 = (await (await get(p1.next ?? '', auth)).json()) as Page;
    expect(p2.results[0]?.id).toBe(11);
    const last = (await (await get('/v3/users?page=4&limit=25', auth)).json()) as Page;
    expect(last.results.map((u) => u.id).at(-1)).toBe(100);
    expect(last.next).toBeNull();
  });

  it('caps limit at 100, returns empty pages past the end, and rejects bad numbers', async () => {
    const all = (await (await get('/v3/users?limit=500', auth)).json()) as Page;
    expect(all.results).toHaveLength(100);
    const past = (await (await get('/v3/users?page=99', auth)).json()) as Page;
    expect(past.results).toEqual([]);
    expect((await get('/v3/users?page=0', auth)).status).toBe(400);
    expect((await get('/v3/users?limit=abc', auth)).status).toBe(400);
  });

  it('returns one user by id, 404 otherwise', async () => {
    const res = await get('/v3/users/42', auth);
    expect(((await res.json()) as { id: number }).id).toBe(42);
    expect((await get('/v3/users/101', auth)).status).toBe(404);
    expect((await get('/v3/users/abc', auth)).status).toBe(404);
  });
});

describe('organizations', () => {
  const headers = { authorization: 'Token demo-token', 'content-type': 'application/json' };
  const create = (body: string): Promise<Response> =>
    fetch(`${server.url}/v3/organizations`, { method: 'POST', headers, body });

  it('creates an organization with 201 + Location, and reads it back', async () => {
    const res = await create(JSON.stringify({ name: 'Acme 1' }));
    expect(res.status).toBe(201);
    const org = (await res.json()) as { id: number; name: string; createdAt: string };
    expect(org.name).toBe('Acme 1');
    expect(Number.isNaN(Date.parse(org.createdAt))).toBe(false);
    expect(res.headers.get('location')).toBe(`/v3/organizations/${org.id}`);
    const back = await get(res.headers.get('location') ?? '', headers);
    expect(await back.json()).toEqual(org);
    expect((await get('/v3/organizations/999999', headers)).status).toBe(404);
  });

  it('rejects a missing name or a non-JSON body with 400', async () => {
    expect((await create('{}')).status).toBe(400);
    expect((await create('{"name":"  "}')).status).toBe(400);
    expect((await create('name=x')).status).toBe(400);
  });

  it('keeps at most the newest organizations in memory', () => {
    const state = new DemoState();
    const first = state.createOrganization('first');
    for (let i = 0; i < MAX_ORGANIZATIONS; i++) state.createOrganization(`o${i}`);
    expect(state.organizationBody(first.id)).toBeUndefined();
    expect(state.organizationBody(first.id + 1)).toBeDefined();
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await create(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
  });
});

describe('test helpers', () => {
  it('/slow waits at least ms, without auth', async () => {
    const t0 = performance.now();
    const res = await get('/slow?ms=150');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(await res.json()).toEqual({ sleptMs: 150 });
    expect(await (await get('/slow?ms=-5')).json()).toEqual({ sleptMs: 0 });
    expect((await get('/slow?ms=abc')).status).toBe(400);
  });

  it('/flaky fails with about the requested probability; 0 and 1 are exact', async () => {
    const count = async (fail: string, n: number): Promise<number> => {
      const statuses = await Promise.all(
        Array.from({ length: n }, () => get(`/flaky?fail=${fail}`).then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 200 || s === 500)).toBe(true);
      return statuses.filter((s) => s === 500).length;
    };
    const half = await count('0.5', 400);
    expect(half).toBeGreaterThan(120);
    expect(half).toBeLessThan(280);
    expect(await count('0', 100)).toBe(0);
    expect(await count('1', 100)).toBe(100);
    expect(await count('7', 20)).toBe(20);
  });

  it('/status/:code answers with that status', async () => {
    const res = await get('/status/503');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 503, description: 'Service Unavailable' });
    expect((await get('/status/204')).status).toBe(204);
    expect((await fetch(`${server.url}/status/418`, { method: 'POST' })).status).toBe(418);
    expect((await get('/status/abc')).status).toBe(400);
    expect((await get('/status/100')).status).toBe(400);
    expect((await get('/status/600')).status).toBe(400);
  });

  it('close() returns promptly even with a request waiting on /slow', async () => {
    const other = await startDemoServer();
    const pending = fetch(`${other.url}/slow?ms=10000`).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    await other.close();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
