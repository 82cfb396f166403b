/**
 * Test support: a synthetic recording of a shop session (login form with a CSRF token, a session cookie, a page
 * with a CSRF meta tag, a JSON API with a bearer token, an order id in a later URL) with browser headers.
 */
import type { RecordedExchange } from './types.ts';

export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
export const CSRF = 'Zq8xK2mN4pL7vR1s';
export const META_CSRF = 'M3taT0ken98765';
export const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.c2lnbmF0dXJl';
export const ITEM = 'itm_8842x';
export const ORDER = 104233;

const BROWSER: [string, string][] = [
  ['Host', 'shop.test'],
  ['User-Agent', 'Mozilla/5.0 Chrome/140'],
  ['Accept-Encoding', 'gzip, deflate, br'],
  ['sec-ch-ua', '"Chromium";v="140"'],
  ['Sec-Fetch-Site', 'same-origin'],
  ['Accept-Language', 'en'],
];

let clock = T0;
export function x(
  id: number,
  method: string,
  path: string,
  o: Partial<RecordedExchange> & { dest?: string; after?: number } = {},
): RecordedExchange {
  clock += o.after ?? 50;
  const { dest, after: _after, ...rest } = o;
  return {
    id,
    startedAt: clock,
    durationMs: 20,
    method,
    url: `https://shop.test${path}`,
    status: 200,
    responseHeaders: [],
    ...rest,
    requestHeaders: [...BROWSER, ['Sec-Fetch-Dest', dest ?? 'empty'], ...(o.requestHeaders ?? [])],
  };
}

const html = (body: string): Pick<RecordedExchange, 'responseHeaders' | 'responseBody'> => ({
  responseHeaders: [['Content-Type', 'text/html; charset=utf-8']],
  responseBody: { text: body, size: body.length, truncated: false },
});
const json = (value: unknown, status = 200): Pick<RecordedExchange, 'responseHeaders' | 'responseBody' | 'status'> => {
  const text = JSON.stringify(value);
  return {
    status,
    responseHeaders: [['Content-Type', 'application/json']],
    responseBody: { text, size: text.length, truncated: false },
  };
};
const form = (text: string): Pick<RecordedExchange, 'requestBody'> => ({
  requestBody: { text, size: text.length, truncated: false },
});
const jsonBody = (value: unknown): Pick<RecordedExchange, 'requestBody'> => ({
  requestBody: { text: JSON.stringify(value), size: 10, truncated: false },
});

export function shopRecording(): RecordedExchange[] {
  clock = T0;
  const login = html(
    `<html><head><title>Sign in</title></head><form method="post"><input type="hidden" name="csrf_token" value="${CSRF}"><input name="username"></form></html>`,
  );
  const home = html(
    `<html><head><title>Home</title><meta name="csrf-token" content="${META_CSRF}"></head><body>Hello ann</body></html>`,
  );
  return [
    x(1, 'GET', '/login', {
      dest: 'document',
      responseHeaders: [...login.responseHeaders, ['Set-Cookie', 'sid=pre0session1; Path=/; HttpOnly']],
      responseBody: login.responseBody,
    }),
    x(2, 'POST', '/login', {
      dest: 'document',
      after: 4000,
      requestHeaders: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Cookie', 'sid=pre0session1'],
        ['Origin', 'https://shop.test'],
        ['Referer', 'https://shop.test/login'],
      ],
      ...form(`username=ann&password=s3cret%21&csrf_token=${CSRF}`),
      status: 302,
      responseHeaders: [
        ['Location', '/home'],
        ['Set-Cookie', 'sid=auth0session2; Path=/; HttpOnly'],
      ],
    }),
    x(3, 'GET', '/home', {
      dest: 'document',
      redirectFrom: 2,
      requestHeaders: [['Cookie', 'sid=auth0session2']],
      ...home,
    }),
    x(4, 'GET', '/static/app.js', { dest: 'script', responseHeaders: [['Content-Type', 'text/javascript']] }),
    x(5, 'POST', '/api/token', {
      after: 1500,
      requestHeaders: [
        ['Content-Type', 'application/json'],
        ['X-CSRF-Token', META_CSRF],
        ['Cookie', 'sid=auth0session2'],
      ],
      ...jsonBody({ user: 'ann' }),
      ...json({ token: TOKEN, expiresIn: 3600, user: 'ann' }),
    }),
    x(6, 'GET', '/api/items?limit=10', {
      requestHeaders: [
        ['Authorization', `Bearer ${TOKEN}`],
        ['If-None-Match', 'W/"abc"'],
      ],
      ...json({ items: [{ id: ITEM, name: 'Coffee', price: 4.5 }], total: 1 }),
    }),
    x(7, 'POST', '/api/orders', {
      requestHeaders: [
        ['Authorization', `Bearer ${TOKEN}`],
        ['Content-Type', 'application/json'],
      ],
      ...jsonBody({ itemId: ITEM, quantity: 2 }),
      ...json({ orderId: ORDER, status: 'pending' }, 201),
    }),
    x(8, 'GET', `/api/orders/${ORDER}`, {
      requestHeaders: [['Authorization', `Bearer ${TOKEN}`]],
      ...json({ orderId: ORDER, items: [ITEM] }),
    }),
  ];
}
