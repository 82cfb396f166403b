import { describe, expect, it } from 'vitest';
import { buildPlan } from '../build-plan.ts';
import { Notes } from '../draft.ts';
import { findSecrets, recordedSecrets } from './secrets.ts';
import { shopRecording, TOKEN } from './testing.ts';
import type { RecordedExchange } from './types.ts';

const exchange = (o: Partial<RecordedExchange>): RecordedExchange => ({
  id: 1,
  startedAt: 0,
  durationMs: 1,
  method: 'POST',
  url: 'https://a.test/x',
  requestHeaders: [],
  status: 200,
  responseHeaders: [],
  ...o,
});
const text = (t: string): RecordedExchange['requestBody'] => ({ text: t, size: t.length, truncated: false });

describe('findSecrets reads bodies as the importers do', () => {
  it('multipart fields, JSON at any depth, browser-encoded forms; a plain `key` is no secret', () => {
    const multipart =
      '--b\r\nContent-Disposition: form-data; name="user"\r\n\r\nann\r\n--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nhunter2 sun\r\n--b--\r\n';
    expect(
      findSecrets(
        exchange({
          requestHeaders: [['Content-Type', 'multipart/form-data; boundary=b']],
          requestBody: text(multipart),
        }),
      ),
    ).toMatchObject({
      fields: ['request multipart password'],
      values: ['hunter2 sun'],
    });
    let deep: unknown = { token: 'deep-token-1234' };
    for (let i = 0; i < 40; i++) deep = { a: deep };
    expect(
      findSecrets(
        exchange({ requestHeaders: [['Content-Type', 'application/json']], requestBody: text(JSON.stringify(deep)) }),
      ).values,
    ).toEqual(['deep-token-1234']);
    expect(
      findSecrets(
        exchange({
          requestHeaders: [['Content-Type', 'application/x-www-form-urlencoded']],
          requestBody: text('password=a+b%21c'),
        }),
      ).values,
    ).toEqual(['a b!c']);
    expect(findSecrets(exchange({ url: 'https://a.test/search?q=x&key=created' })).query).toEqual([]);
  });

  it('a form field or JSON string holding JSON: the credential inside is found, so the entry is encrypted', () => {
    const form = `payload=${encodeURIComponent(JSON.stringify({ user: 'ann', password: 'pw in json' }))}`;
    expect(
      findSecrets(
        exchange({ requestHeaders: [['Content-Type', 'application/x-www-form-urlencoded']], requestBody: text(form) }),
      ),
    ).toMatchObject({
      fields: ['request json $.password inside form field payload'],
      values: ['pw in json'],
    });
    const json = JSON.stringify({ data: JSON.stringify({ refresh_token: 'rt-0123456789' }) });
    expect(
      findSecrets(exchange({ requestHeaders: [['Content-Type', 'application/json']], requestBody: text(json) })).values,
    ).toEqual(['rt-0123456789']);
  });
});

describe('recordedSecrets', () => {
  it('names each credential after its place, so a plan can hide it wherever its value reappears', () => {
    const known = recordedSecrets(shopRecording());
    expect(known).toContainEqual({
      value: TOKEN,
      name: 'token',
      where: 'entry 5',
      what: 'response JSON field $.token',
    });
    expect(known).toContainEqual({
      value: 'auth0session2',
      name: 'COOKIE_sid',
      where: 'entry 2',
      what: 'cookie sid set by the response',
    });
    const notes = new Notes();
    const { plan } = buildPlan(
      [{ method: 'GET', url: `https://shop.test/download/${TOKEN}`, headers: [], where: 'entry 9' }],
      { name: 'p', notes, knownSecrets: known },
    );
    const step = plan.scenarios.imported?.steps[0];
    expect(step && 'request' in step ? step.request.url : '').toBe('/download/${env.TOKEN}');
    expect(notes.list).toContainEqual(
      expect.objectContaining({ kind: 'secret', where: 'entry 5', message: expect.stringContaining('${env.TOKEN}') }),
    );
  });
});
