import { describe, expect, it } from 'vitest';
import { envelopeFromHttp, networkFailure } from './envelope.ts';

describe('envelopeFromHttp', () => {
  it('passes a success envelope through', () => {
    expect(envelopeFromHttp(200, '{"ok":true,"result":[1,2]}')).toEqual({ ok: true, result: [1, 2] });
  });

  it('keeps an error envelope whatever the HTTP status, issues included', () => {
    const body = {
      ok: false,
      error: {
        code: 'plan_invalid',
        message: 'bad',
        issues: [{ path: ['scenarios'], message: 'required', line: 3, column: 1 }],
      },
    };
    expect(envelopeFromHttp(400, JSON.stringify(body))).toEqual(body);
  });

  it('explains a refused session when the body is not an envelope', () => {
    const env = envelopeFromHttp(401, 'Unauthorized');
    expect(env.ok).toBe(false);
    if (!env.ok) expect(env.error.message).toMatch(/session.*401/);
  });

  it('reports other statuses without an envelope', () => {
    const env = envelopeFromHttp(502, '<html>Bad gateway</html>');
    expect(env).toEqual({ ok: false, error: { code: 'internal', message: expect.stringContaining('HTTP 502') } });
  });

  it('refuses a 200 that is not an envelope (no silent undefined result)', () => {
    const env = envelopeFromHttp(200, '{"result":1}');
    expect(env.ok).toBe(false);
  });

  it('refuses an error envelope with an unknown code', () => {
    const env = envelopeFromHttp(400, '{"ok":false,"error":{"code":"teapot","message":"x"}}');
    expect(env.ok).toBe(false);
    if (!env.ok) expect(env.error.message).toContain('HTTP 400');
  });
});

describe('networkFailure', () => {
  it('names the cause', () => {
    const env = networkFailure(new TypeError('Failed to fetch'));
    expect(env).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('Failed to fetch') },
    });
  });
});
