import { describe, expect, it } from 'vitest';
import { validatePlanValue } from '../../plan/parse.ts';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { convertRecording } from './convert.ts';
import { CSRF, ITEM, META_CSRF, shopRecording, T0, TOKEN } from './testing.ts';
import type { RecordedExchange } from './types.ts';

const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];
const requests = (list: Step[]): Request[] =>
  list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));
const convert = (o: Partial<Parameters<typeof convertRecording>[1]> = {}) =>
  convertRecording(shopRecording(), { name: 'Shop', skipStatic: true, ...o });

describe('convertRecording', () => {
  it('turns the session into a valid plan that extracts and reuses every correlated value', () => {
    const { plan, env, correlations } = convert();
    expect(() => validatePlanValue(plan)).not.toThrow();
    const [login, submit, home, token, items, order, get] = requests(steps(plan));
    expect(login).toMatchObject({
      url: '/login',
      extract: { csrf_token: { regex: expect.stringContaining('csrf_token') } },
      checks: [{ status: 200 }, { body: { contains: 'Sign in' } }],
    });
    // The login's redirect is what says the password was right: checked, not followed; the page it led to comes next.
    expect(submit).toMatchObject({
      method: 'POST',
      url: '/login',
      form: { username: 'ann', password: '${env.PASSWORD}', csrf_token: '${csrf_token}' },
      maxRedirects: 0,
    });
    expect(submit?.checks).toEqual([{ status: 302 }, { header: 'Location', equals: '/home' }]);
    expect(submit?.extract).toBeUndefined();
    expect(home).toMatchObject({
      url: '/home',
      checks: [{ status: 200 }, { body: { contains: 'Home' } }],
      extract: { csrf_token_2: { regex: expect.stringContaining('csrf-token') } },
    });
    expect(token).toMatchObject({
      url: '/api/token',
      headers: { 'X-CSRF-Token': '${csrf_token_2}' },
      extract: { token: { jsonPath: '$.token' } },
    });
    for (const r of [items, order, get]) expect(r?.auth).toEqual({ type: 'bearer', token: '${token}' });
    expect(items).toMatchObject({
      url: '/api/items',
      query: { limit: '10' },
      extract: { item_id: { jsonPath: '$.items[0].id' } },
    });
    expect(order).toMatchObject({
      json: { itemId: '${item_id}', quantity: 2 },
      extract: { orderId: { jsonPath: '$.orderId' } },
      checks: [{ status: 201 }],
    });
    expect(get?.url).toBe('/api/orders/${orderId}');
    expect(correlations.every((c) => c.applied)).toBe(true);
    expect(env.sort()).toEqual(['BASE_URL', 'PASSWORD']);
    const text = JSON.stringify(plan);
    for (const literal of [CSRF, META_CSRF, TOKEN, ITEM, 's3cret', 'auth0session2', 'pre0session1'])
      expect(text).not.toContain(literal);
  });

  it('leaves out browser noise, cookies, and what the engine sets itself; Origin and Referer follow the base URL', () => {
    const { plan, notes } = convert();
    const all = requests(steps(plan));
    const names = new Set(
      all
        .flatMap((r) => Object.keys(r.headers ?? {}))
        .concat(Object.keys(plan.defaults?.headers ?? {}))
        .map((h) => h.toLowerCase()),
    );
    for (const h of [
      'host',
      'user-agent',
      'accept-encoding',
      'sec-ch-ua',
      'sec-fetch-dest',
      'sec-fetch-site',
      'cookie',
      'if-none-match',
    ])
      expect(names.has(h)).toBe(false);
    expect(plan.defaults?.headers).toEqual({ 'Accept-Language': 'en' });
    expect(all[1]?.headers).toMatchObject({
      Origin: '${env.BASE_URL:-https://shop.test}',
      Referer: '${env.BASE_URL:-https://shop.test}/login',
    });
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://shop.test}');
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/left out headers .*accept-encoding.*sec-ch-\*.*user-agent/),
        expect.stringMatching(/1 static asset/),
        expect.stringMatching(
          /the submission's redirect \(302 to \/home\) is checked, not followed: .* the page it led to \(entry 3\) is the next request/,
        ),
        expect.stringMatching(
          /correlation: token extracted from the JSON field \$\.token of entry 5, used by entries 6, 7, 8/,
        ),
      ]),
    );
  });

  it('applies only the accepted correlations; a rejected token becomes an environment variable', () => {
    const all = convert().correlations;
    const token = all.find((c) => c.value === TOKEN)!;
    const { plan, env, correlations } = convert({ accept: [token.id] });
    const [, submit, home, tokenRequest, items] = requests(steps(plan));
    expect(submit?.form?.csrf_token).toBe('${env.CSRF_TOKEN}');
    expect(home?.extract).toBeUndefined();
    expect(tokenRequest?.headers?.['X-CSRF-Token']).toBe('${env.X_CSRF_TOKEN}');
    expect(items?.auth).toEqual({ type: 'bearer', token: '${token}' });
    expect(correlations.filter((c) => c.applied).map((c) => c.id)).toEqual([token.id]);
    expect(env).toEqual(expect.arrayContaining(['CSRF_TOKEN', 'X_CSRF_TOKEN', 'PASSWORD']));
    expect(JSON.stringify(plan)).not.toContain(CSRF);
  });

  it('refuses a correlation id it did not propose', () => {
    expect(() => convert({ accept: ['c_000000000000'] })).toThrow(
      /correlation c_000000000000 is not one this selection produces/,
    );
    expect(() => convert({ unique: ['u_000000000000'] })).toThrow(
      /unique value u_000000000000 is not one this selection produces/,
    );
  });

  it('groups by page navigation (titles), by pauses, or not at all; think times are optional', () => {
    const byPage = steps(convert({ groupBy: 'navigation' }).plan);
    expect(byPage.map((s) => ('group' in s ? s.group.name : Object.keys(s)[0]))).toEqual(['Sign in', 'Home']);
    const home = byPage[1] && 'group' in byPage[1] ? byPage[1].group.steps : [];
    // The login form's submission belongs to the sign-in page; the page its redirect led to starts the next group.
    const signIn = byPage[0] && 'group' in byPage[0] ? byPage[0].group.steps : [];
    expect(signIn.map((s) => Object.keys(s)[0])).toEqual(['request', 'think', 'request']);
    expect(signIn[1]).toEqual({ think: '4s' });
    expect(home.map((s) => Object.keys(s)[0])).toEqual([
      'request',
      'think',
      'request',
      'request',
      'request',
      'request',
    ]);
    const byGap = steps(convert({ groupBy: 'gap', gapMs: 1000 }).plan);
    expect(byGap.map((s) => ('group' in s ? s.group.name : '?'))).toEqual([
      '1. GET /login',
      '2. POST /login',
      '3. POST /api/token',
    ]);
    const flat = steps(convert({ groupBy: 'none', thinkTimes: false }).plan);
    expect(flat.every((s) => 'request' in s)).toBe(true);
    expect(flat).toHaveLength(7);
  });

  it('converts only the selected entries, and keeps static assets when asked', () => {
    expect(requests(steps(convert({ entryIds: [6, 7, 8] }).plan)).map((r) => r.url)).toEqual([
      '/api/items',
      '/api/orders',
      '/api/orders/${orderId}',
    ]);
    expect(requests(steps(convert({ skipStatic: false, groupBy: 'none' }).plan)).map((r) => r.url)).toContain(
      '/static/app.js',
    );
    expect(() => convert({ entryIds: [4] })).toThrow(/no entries to convert/);
  });

  it('stays fast on a long recording: 300 JSON responses of 150 values each, 299 of them reused', () => {
    const list: RecordedExchange[] = Array.from({ length: 300 }, (_, n) => {
      const i = n + 1;
      const text = JSON.stringify({
        items: Array.from({ length: 50 }, (_x, k) => ({
          id: `id${i}x${k}abc`,
          name: `n${k}`,
          ref: `r${i * 1000 + k}q`,
        })),
      });
      return {
        id: i,
        startedAt: T0 + i * 100,
        durationMs: 10,
        method: 'GET',
        url: `https://a.test/p/id${i - 1}x3abc`,
        requestHeaders: [],
        status: 200,
        responseHeaders: [['Content-Type', 'application/json']],
        responseBody: { text, size: text.length, truncated: false },
      };
    });
    const started = performance.now();
    const { correlations, plan } = convertRecording(list, { name: 'long', groupBy: 'none' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(correlations).toHaveLength(299);
    expect(requests(steps(plan))[299]?.url).toBe('/p/${item_id_299}');
  });

  it('keeps the User-Agent when asked, and sets insecureTls for hosts the recording did not check', () => {
    const { plan, notes } = convert({ keepUserAgent: true, insecureHosts: ['shop.test'] });
    expect(plan.defaults?.headers?.['User-Agent']).toBe('Mozilla/5.0 Chrome/140');
    expect(plan.defaults?.http).toEqual({ insecureTls: true });
    expect(requests(steps(plan)).some((r) => r.http)).toBe(false);
    expect(() => validatePlanValue(plan)).not.toThrow();
    expect(notes.some((n) => /insecureTls/.test(n.message))).toBe(true);
  });
});
