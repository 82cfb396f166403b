import { describe, expect, it } from 'vitest';
import { NO_STREAM, parseStream } from './stream-output.ts';

describe('parseStream', () => {
  it('sends no output when no kind is chosen, one when a kind and URL are', () => {
    expect(parseStream(NO_STREAM)).toEqual({ ok: true, outputs: undefined });
    expect(parseStream({ kind: 'otlp', url: ' http://c.test:4318 ' })).toEqual({
      ok: true,
      outputs: [{ kind: 'otlp', url: 'http://c.test:4318' }],
    });
  });

  it('says what is wrong with a missing or unusable URL', () => {
    expect(parseStream({ kind: 'prometheus-rw', url: '' })).toEqual({
      ok: false,
      problem: 'Stream metrics to: give the URL of the endpoint.',
    });
    expect(parseStream({ kind: 'prometheus-rw', url: 'localhost:9090' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(
        /^Stream metrics to: prometheus-rw: 'localhost:9090' is not an http:\/\/ or https:\/\/ URL/,
      ),
    });
    expect(parseStream({ kind: 'influxdb', url: 'http://db.test:8086' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/names no database/),
    });
  });
});
