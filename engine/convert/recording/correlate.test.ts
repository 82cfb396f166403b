import { describe, expect, it } from 'vitest';
import { Notes } from '../draft.ts';
import { compileExtractor } from '../../runtime/extract.ts';
import { ResponseView } from '../../runtime/response.ts';
import { findCorrelations } from './correlate.ts';
import { stepDrafts } from './drafts.ts';
import { recordedSteps } from './steps.ts';
import { CSRF, ITEM, META_CSRF, ORDER, shopRecording, TOKEN, x } from './testing.ts';
import type { RecordedExchange } from './types.ts';
import { isTokenLike } from './values.ts';

const correlate = (list: RecordedExchange[]) => {
  const steps = recordedSteps(list, { skipStatic: true });
  return findCorrelations(steps, stepDrafts(steps, {}, new Notes()));
};

describe('findCorrelations on a shop session', () => {
  const found = correlate(shopRecording());
  const byValue = new Map(found.map((c) => [c.value, c]));

  it('finds the CSRF input, the CSRF meta tag, the bearer token, the item id and the order id', () => {
    expect(found.map((c) => c.value).sort()).toEqual([CSRF, META_CSRF, TOKEN, ITEM, String(ORDER)].sort());
  });

  it('says where each value is produced and where it is used', () => {
    expect(byValue.get(CSRF)).toMatchObject({
      variable: 'csrf_token',
      confidence: 'high',
      source: { entryId: 1, where: 'html-input', name: 'csrf_token' },
      uses: [{ entryId: 2, where: 'body', name: 'csrf_token', encoded: false }],
    });
    // The meta tag is on the page the login redirected to (entry 3): the chain's last response.
    expect(byValue.get(META_CSRF)).toMatchObject({
      variable: 'csrf_token_2',
      source: { entryId: 3, where: 'html-meta', name: 'csrf-token' },
      uses: [{ entryId: 5, where: 'header', name: 'X-CSRF-Token' }],
    });
    expect(byValue.get(TOKEN)).toMatchObject({
      variable: 'token',
      source: { entryId: 5, where: 'json', name: '$.token', extractor: { jsonPath: '$.token' } },
    });
    expect(byValue.get(TOKEN)?.uses.map((u) => [u.entryId, u.where, u.name])).toEqual([
      [6, 'header', 'Authorization'],
      [7, 'header', 'Authorization'],
      [8, 'header', 'Authorization'],
    ]);
    expect(byValue.get(ITEM)).toMatchObject({
      variable: 'item_id',
      source: { entryId: 6, name: '$.items[0].id' },
      uses: [{ entryId: 7, where: 'body', name: '$.itemId' }],
    });
    expect(byValue.get(String(ORDER))).toMatchObject({
      variable: 'orderId',
      confidence: 'medium',
      source: { entryId: 7, name: '$.orderId' },
      uses: [{ entryId: 8, where: 'url' }],
    });
  });

  it('leaves out what the client sent first, cookies only sent as cookies, and plain values', () => {
    // 'ann' is typed by the user; sid cookies only travel in Cookie headers (the jar's job); 3600 and 'pending' are not reused.
    expect(found.some((c) => ['ann', 'pre0session1', 'auth0session2', '3600', 'pending'].includes(c.value))).toBe(
      false,
    );
  });

  it('gives the same ids on every call, different ones for different sources', () => {
    expect(correlate(shopRecording()).map((c) => c.id)).toEqual(found.map((c) => c.id));
    expect(new Set(found.map((c) => c.id)).size).toBe(found.length);
  });

  it('finds a value sent percent-encoded in a query', () => {
    const value = 'a/b+c=d9x';
    const list = [
      x(1, 'GET', '/a', {
        responseHeaders: [['Content-Type', 'application/json']],
        responseBody: { text: JSON.stringify({ cursor: value }), size: 1, truncated: false },
      }),
      x(2, 'GET', `/b?cursor=${encodeURIComponent(value)}`),
    ];
    expect(correlate(list)[0]).toMatchObject({
      variable: 'cursor',
      uses: [{ entryId: 2, where: 'query', name: 'cursor', encoded: true }],
    });
  });

  it('reads hidden inputs whatever the attribute order, and a cookie echoed in a header', () => {
    const page = '<form><input value="Tk5551abc" type="hidden" name="authenticity_token"></form>';
    const list = [
      x(1, 'GET', '/form', {
        responseHeaders: [
          ['Content-Type', 'text/html'],
          ['Set-Cookie', 'XSRF-TOKEN=xs9f8e7d6; Path=/'],
        ],
        responseBody: { text: page, size: 1, truncated: false },
      }),
      x(2, 'POST', '/form', {
        requestHeaders: [
          ['Content-Type', 'application/x-www-form-urlencoded'],
          ['X-XSRF-TOKEN', 'xs9f8e7d6'],
        ],
        requestBody: { text: 'authenticity_token=Tk5551abc', size: 1, truncated: false },
      }),
    ];
    const c = correlate(list);
    expect(c.find((k) => k.value === 'Tk5551abc')?.source.extractor).toEqual({
      regex: '<input[^>]*\\bvalue="([^"]*)"[^>]*\\bname="authenticity_token"',
    });
    expect(c.find((k) => k.value === 'xs9f8e7d6')).toMatchObject({
      source: { where: 'set-cookie', extractor: { cookie: 'XSRF-TOKEN' } },
      uses: [{ where: 'header', name: 'X-XSRF-TOKEN' }],
    });
  });

  it('takes a value from the URL a redirect ended at', () => {
    const list = [
      x(1, 'GET', '/cart/checkout', { status: 303, responseHeaders: [['Location', '/orders/ord7731x/confirm']] }),
      x(2, 'GET', '/orders/ord7731x/confirm', { redirectFrom: 1 }),
      x(3, 'GET', '/orders/ord7731x/invoice'),
    ];
    expect(correlate(list)[0]).toMatchObject({
      value: 'ord7731x',
      variable: 'order_id',
      source: { entryId: 2, where: 'location', extractor: { regex: '/orders/([^/?#]+)/confirm', from: 'url' } },
      uses: [{ entryId: 3, where: 'url' }],
    });
  });

  it('takes an id from the Location of a form submission the plan checks instead of following', () => {
    const list = [
      x(1, 'POST', '/cart/checkout', {
        requestHeaders: [['Content-Type', 'application/x-www-form-urlencoded']],
        requestBody: { text: 'pay=1', size: 5, truncated: false },
        status: 303,
        responseHeaders: [['Location', '/orders/ord7731x/confirm']],
      }),
      x(2, 'GET', '/orders/ord7731x/confirm', { redirectFrom: 1 }),
      x(3, 'GET', '/orders/ord7731x/invoice'),
    ];
    expect(correlate(list)).toMatchObject([
      {
        value: 'ord7731x',
        variable: 'order_id',
        source: {
          entryId: 1,
          where: 'location',
          name: 'path segment 2',
          extractor: {
            regex: '(?:^|\\n)location: (?:https?://[^/\\s]+)?/orders/([^/?#\\s]+)/confirm',
            from: 'headers',
          },
        },
        uses: [
          { entryId: 2, where: 'url' },
          { entryId: 3, where: 'url' },
        ],
      },
    ]);
  });

  it('takes the whole Location path when its only id is a small number, for the request that goes there', () => {
    const list = [
      x(1, 'POST', '/groups/new', {
        requestHeaders: [['Content-Type', 'application/x-www-form-urlencoded']],
        requestBody: { text: 'name=Editors', size: 12, truncated: false },
        status: 302,
        responseHeaders: [['Location', 'https://shop.test/groups/41/']],
      }),
      x(2, 'GET', '/groups/41/', { redirectFrom: 1 }),
    ];
    const [c] = correlate(list);
    expect(c).toMatchObject({
      value: '/groups/41/',
      variable: 'group_url',
      confidence: 'high',
      source: { entryId: 1, where: 'location', name: 'Location header', extractor: { from: 'headers' } },
      uses: [{ entryId: 2, where: 'url' }],
    });
    // On a replay the engine's extractor gets the new path, whatever the host the server names.
    const replayed = new ResponseView(
      302,
      { 'content-type': 'text/html', location: 'http://127.0.0.1:8000/groups/42/' },
      undefined,
      false,
      1,
      '',
    );
    expect(compileExtractor(c!.source.extractor).run(replayed)).toEqual({ ok: true, value: '/groups/42/' });
  });

  it('rates a plain number used once low (proposed, not suggested)', () => {
    const list = [
      x(1, 'GET', '/a', {
        responseHeaders: [['Content-Type', 'application/json']],
        responseBody: { text: '{"count":123456}', size: 1, truncated: false },
      }),
      x(2, 'GET', '/b?n=123456'),
    ];
    expect(correlate(list)[0]).toMatchObject({ variable: 'count', confidence: 'low' });
  });

  it('does not match a value glued inside a longer one', () => {
    const list = [
      x(1, 'GET', '/a', {
        responseHeaders: [['Content-Type', 'application/json']],
        responseBody: { text: '{"id":"ab12cd"}', size: 1, truncated: false },
      }),
      x(2, 'GET', '/b/xab12cdx'),
    ];
    expect(correlate(list)).toEqual([]);
  });
});

describe('isTokenLike', () => {
  it.each([
    ['Zq8xK2mN4pL7vR1s', true],
    ['itm_8842x', true],
    ['104233', true],
    ['active', false],
    ['true', false],
    ['2026-01-01T12:00:00Z', false],
    ['1767268800', false],
    ['4.50', false],
    ['1234', false],
    ['hello world 123', false],
  ])('%s -> %s', (value, expected) => {
    expect(isTokenLike(value, false)).toBe(expected);
  });
});
