import { describe, expect, it } from 'vitest';
import { recordingToHar } from './har-export.ts';
import { harToRecording } from './har-import.ts';
import { importHarRecording } from './har-plan.ts';
import { findSecrets } from './secrets.ts';
import { CSRF, META_CSRF, shopRecording, TOKEN } from './testing.ts';

describe('findSecrets', () => {
  it('flags credential headers, cookies, secret fields and their values', () => {
    const [login, submit, , , token, items] = shopRecording();
    expect(findSecrets(login!)).toMatchObject({
      responseHeaders: ['set-cookie'],
      fields: ['response html input csrf_token'],
      values: expect.arrayContaining([CSRF, 'pre0session1']),
    });
    expect(findSecrets(submit!).fields).toEqual(['request form password', 'request form csrf_token']);
    expect(findSecrets(submit!).values).toEqual(expect.arrayContaining(['s3cret!', CSRF, 'auth0session2']));
    expect(findSecrets(token!)).toMatchObject({
      requestHeaders: ['x-csrf-token', 'cookie'],
      fields: ['response json $.token'],
    });
    expect(findSecrets(items!).values).toContain(TOKEN);
  });
});

describe('recording <-> HAR 1.2', () => {
  it('round-trips every exchange with secrets when asked', () => {
    const original = shopRecording();
    const back = harToRecording(recordingToHar(original, { includeSecrets: true, title: 'Shop' }).text, 'shop.har');
    expect(back).toEqual(
      original
        .map((x) => ({
          ...x,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          responseBody: x.responseBody ?? { size: 0, truncated: false, omitted: undefined },
        }))
        .map(({ responseBody, ...rest }) =>
          responseBody && responseBody.text === undefined ? rest : { ...rest, responseBody },
        ),
    );
  });

  it('redacts secrets everywhere unless asked, and says how many', () => {
    const { text, redacted } = recordingToHar(shopRecording());
    for (const secret of [CSRF, META_CSRF, TOKEN, 's3cret', 'pre0session1', 'auth0session2'])
      expect(text).not.toContain(secret);
    expect(text).toContain('REDACTED');
    expect(redacted).toBeGreaterThan(5);
    const log = JSON.parse(text).log;
    expect(log.entries[1].response.headers).toContainEqual({
      name: 'Set-Cookie',
      value: 'sid=REDACTED; Path=/; HttpOnly',
    });
    expect(log.entries[0]._resourceType).toBe('document');
    // The redacted HAR is still a HAR the plan importer reads.
    expect(() => importHarRecording(text)).not.toThrow();
  });

  it('links redirects by Location in HAR files from other tools', () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00.000Z',
            time: 5,
            request: { method: 'POST', url: 'https://a.test/login', headers: [] },
            response: { status: 302, headers: [{ name: 'Location', value: '/home' }] },
          },
          {
            startedDateTime: '2026-01-01T00:00:00.010Z',
            time: 5,
            request: { method: 'GET', url: 'https://a.test/home', headers: [] },
            response: { status: 200, headers: [], content: { mimeType: 'text/html', text: '<p>hi</p>' } },
          },
        ],
      },
    };
    const [first, second] = harToRecording(JSON.stringify(har));
    expect(first).toMatchObject({ id: 1, status: 302 });
    expect(second).toMatchObject({ id: 2, redirectFrom: 1, responseBody: { text: '<p>hi</p>', size: 9 } });
  });

  it('says what is wrong with a file that is not HAR', () => {
    expect(() => harToRecording('{"log": {"entries": [{"request": {}}]}}', 'x.har')).toThrow(
      /x\.har: not a valid HAR file:\n {2}line 1, column \d+: log\.entries\[0\]\.request\.method/,
    );
    expect(() => harToRecording('{"log": {"entries": []}}', 'y.har')).toThrow(/y\.har: the HAR file has no entries/);
  });
});
