/**
 * Secret values are masked however an exchange spells them, within a time bound on the largest bodies Try it shows.
 */
import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../contract/index.ts';
import { MASK, maskCutText, maskEntry, maskLive, maskText, secretValues } from './mask-secrets.ts';

const SECRET = `p@ss w0rd!"/&<>'é`;
const secrets = secretValues({ PW: SECRET }, ['PW']);

describe('maskText', () => {
  it.each([
    ['as is', `x ${SECRET} y`],
    ['in a query (percent-encoded)', `/login?pw=${encodeURIComponent(SECRET)}&next=/`],
    [
      'percent-encoded in lower case',
      `?pw=${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())}`,
    ],
    ['in a form body (+ for spaces)', `user=ann&pw=${new URLSearchParams({ s: SECRET }).toString().slice(2)}`],
    ['in a JSON body', JSON.stringify({ user: 'ann', pw: SECRET })],
    [
      'in JSON with \\u escapes (Python, Go)',
      JSON.stringify({ pw: SECRET }).replace(/[<>&é]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ],
    [
      'HTML-escaped in a page',
      `<input name="pw" value="${SECRET.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}">`,
    ],
    ['base64 in a Basic credential', `Basic ${Buffer.from(`ann:${SECRET}`).toString('base64')}`],
    ['base64url inside a token', `t=${Buffer.from(JSON.stringify({ pw: SECRET })).toString('base64url')}`],
  ])('%s', (_what, text) => {
    const out = maskText(text, secrets);
    expect(out).toContain(MASK);
    for (const part of ['p@ss', 'p%40ss', 'w0rd', Buffer.from(`ann:${SECRET}`).toString('base64').slice(4, 16)])
      expect(out).not.toContain(part);
  });

  it('leaves text without the secret as it is', () => {
    const text = `GET /x?q=pass+word ${Buffer.from('ann:other').toString('base64')} {"a":"p@ss"}`;
    expect(maskText(text, secrets)).toBe(text);
  });

  it('a body cut at the size limit in the middle of a secret: its beginning is masked too', () => {
    expect(maskCutText(`{"pw":"${SECRET.slice(0, 6)}`, secrets)).toBe(`{"pw":"${MASK}`);
  });

  it('a 1 MB body with many secrets is masked in bounded time', () => {
    const many = secretValues(
      Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`S${i}`, `secret value ${i} & more`])),
      Array.from({ length: 50 }, (_, i) => `S${i}`),
    );
    const words = Array.from({ length: 120_000 }, (_, i) =>
      i === 60_000 ? encodeURIComponent('secret value 7 & more') : 'abcdefgh',
    ).join(' ');
    const b64 = Buffer.alloc(768 * 1024, 7).toString('base64');
    const started = performance.now();
    expect(maskText(words, many)).toContain(MASK);
    expect(maskText(b64, many)).toBe(b64);
    // About 50 ms on a quiet machine; generous for a loaded one.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('maskLive', () => {
  it("masks the sample error messages a run's live tick carries", () => {
    const live = {
      requests: [],
      statuses: {},
      errors: [{ kind: 'url', request: 'r', count: 2, message: `'ftp://h/${SECRET}' is not an http(s) URL` }],
    };
    expect(maskLive(live, secrets).errors[0]?.message).toBe(`'ftp://h/${MASK}' is not an http(s) URL`);
    expect(maskLive(live, [])).toBe(live);
  });
});

describe('maskEntry', () => {
  it("masks a gRPC call's status details and trailers as it does headers", () => {
    const entry: TraceEntry = {
      scenario: 's',
      group: '',
      path: ['scenarios', 's', 'steps', 0],
      name: 'lookup.Lookup/Get',
      request: { method: 'GRPC', url: 'grpc://h:1/lookup.Lookup/Get', headers: [], body: '{}', bodyTruncated: false },
      response: { status: 16, headers: [], body: '', bodyTruncated: false, size: 0, contentType: null },
      timings: { blocked: 0, connecting: 0, tls: 0, sending: 0, waiting: 1, receiving: 0, duration: 1 },
      error: null,
      checks: [],
      extracted: [],
      redirects: 0,
      grpc: { code: 16, status: 'UNAUTHENTICATED', details: `bad token ${SECRET}`, trailers: [['x-token', SECRET]] },
    };
    const masked = maskEntry(entry, secrets);
    expect(masked.grpc).toEqual({
      code: 16,
      status: 'UNAUTHENTICATED',
      details: `bad token ${MASK}`,
      trailers: [['x-token', MASK]],
    });
  });
});
