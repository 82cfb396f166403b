/** Recorder tests: a browser-like session on the recorder site sent through a proxy agent, and waiting for entries. */
import { request, type Dispatcher } from 'undici';
import { expect } from 'vitest';
import type { TestServices } from '../../app/services/testing.ts';
import type { EntrySummary } from '../../app/contract/index.ts';
import { PASSWORD, USER } from '../fixtures/recorder-site/server.ts';

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  'accept-language': 'en',
  'accept-encoding': 'gzip, br',
  'sec-ch-ua-platform': '"Linux"',
};
const PAGE = {
  ...BROWSER,
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
};
const API = { ...BROWSER, accept: 'application/json', 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' };

/** Home page, style, login form, login (302), home, token, items, order, the order: as a browser would. */
export async function browseShop(base: string, dispatcher: Dispatcher): Promise<void> {
  let cookie = '';
  const send = async (
    path: string,
    o: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; text: string }> => {
    const res = await request(`${base}${path}`, {
      dispatcher,
      method: o.method ?? 'GET',
      headers: { ...o.headers, ...(cookie ? { cookie } : {}) },
      ...(o.body !== undefined ? { body: o.body } : {}),
    });
    const set = res.headers['set-cookie'];
    const sid = /sid=([^;]+)/.exec(Array.isArray(set) ? set.join(';') : (set ?? ''))?.[1];
    if (sid) cookie = `sid=${sid}`;
    return { status: res.statusCode, text: await res.body.text() };
  };
  await send('/', { headers: PAGE });
  await send('/static/app.css', { headers: { ...BROWSER, accept: 'text/css', 'sec-fetch-dest': 'style' } });
  const login = await send('/login', { headers: PAGE });
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(login.text)?.[1] ?? '';
  const form = new URLSearchParams({ csrf_token: csrf, username: USER, password: PASSWORD }).toString();
  const posted = await send('/login', {
    method: 'POST',
    headers: { ...PAGE, 'content-type': 'application/x-www-form-urlencoded', origin: base, referer: `${base}/login` },
    body: form,
  });
  expect(posted.status).toBe(302);
  const home = await send('/home', { headers: { ...PAGE, referer: `${base}/login` } });
  const apiCsrf = /name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
  const json = { ...API, 'content-type': 'application/json', origin: base };
  const token = JSON.parse(
    (
      await send('/api/token', {
        method: 'POST',
        headers: { ...json, 'x-csrf-token': apiCsrf },
        body: '{"scope":"shop"}',
      })
    ).text,
  ) as { token: string };
  const auth = { authorization: `Bearer ${token.token}` };
  const items = JSON.parse((await send('/api/items?limit=10', { headers: { ...API, ...auth } })).text) as {
    items: { id: string }[];
  };
  const order = await send('/api/orders', {
    method: 'POST',
    headers: { ...json, ...auth },
    body: JSON.stringify({ itemId: items.items[0]?.id, quantity: 2 }),
  });
  expect(order.status).toBe(201);
  const orderId = (JSON.parse(order.text) as { orderId: number }).orderId;
  expect((await send(`/api/orders/${orderId}`, { headers: { ...API, ...auth } })).status).toBe(200);
}

/** Sign in, then create a group named `name` on the form (302 to the list), as a browser would: 6 entries. */
export async function browseGroups(base: string, dispatcher: Dispatcher, name: string): Promise<void> {
  let cookie = '';
  const send = async (
    path: string,
    o: { method?: 'GET' | 'POST'; body?: string; referer?: string } = {},
  ): Promise<{ status: number; text: string; location: string | undefined }> => {
    const headers = {
      ...PAGE,
      ...(cookie ? { cookie } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded', origin: base } : {}),
      ...(o.referer ? { referer: `${base}${o.referer}` } : {}),
    };
    const res = await request(`${base}${path}`, {
      dispatcher,
      method: o.method ?? 'GET',
      headers,
      ...(o.body !== undefined ? { body: o.body } : {}),
    });
    const set = res.headers['set-cookie'];
    const sid = /sid=([^;]+)/.exec(Array.isArray(set) ? set.join(';') : (set ?? ''))?.[1];
    if (sid) cookie = `sid=${sid}`;
    const location = res.headers.location;
    return {
      status: res.statusCode,
      text: await res.body.text(),
      location: typeof location === 'string' ? location : undefined,
    };
  };
  const csrfOf = (html: string): string => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const login = await send('/login');
  const signedIn = await send('/login', {
    method: 'POST',
    referer: '/login',
    body: new URLSearchParams({ csrf_token: csrfOf(login.text), username: USER, password: PASSWORD }).toString(),
  });
  expect(signedIn).toMatchObject({ status: 302, location: '/home' });
  await send('/home', { referer: '/login' });
  const form = await send('/groups/new', { referer: '/home' });
  const created = await send('/groups/new', {
    method: 'POST',
    referer: '/groups/new',
    body: new URLSearchParams({ csrf_token: csrfOf(form.text), name }).toString(),
  });
  expect(created).toMatchObject({ status: 302, location: '/groups' });
  expect((await send('/groups', { referer: '/groups/new' })).text).toContain(name);
}

/** The recording's entries once there are at least `count` (they are stored as responses end). */
export async function waitForEntries(
  t: TestServices,
  id: string,
  count: number,
  timeoutMs = 15_000,
): Promise<EntrySummary[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await t.call('recordings.entries', { id });
    if (list.length >= count) return list;
    if (Date.now() > until)
      throw new Error(
        `recording ${id} has ${list.length} entries after ${timeoutMs} ms, expected ${count}: ${list.map((e) => `${e.method} ${e.url}`).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
