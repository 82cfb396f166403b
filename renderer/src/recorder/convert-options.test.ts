import { describe, expect, it } from 'vitest';
import { ConvertOptions } from '../../../app/contract/recordings.ts';
import { bodyPreview, headerValue, readableBody } from './body-text.ts';
import { convertOptions, DEFAULT_CONVERT } from './convert-options.ts';

describe('convert options', () => {
  it('gives the back end defaults for the default form, valid for the contract', () => {
    const r = convertOptions(DEFAULT_CONVERT);
    expect(r).toEqual({
      ok: true,
      options: { skipStatic: true, groupBy: 'navigation', thinkTimes: true, minThinkMs: 500, keepUserAgent: false },
    });
    expect(ConvertOptions.safeParse(r.ok ? r.options : null).success).toBe(true);
  });

  it('sends the gap only when grouping by pauses, and the minimum think time only with think times', () => {
    expect(convertOptions({ ...DEFAULT_CONVERT, groupBy: 'gap', gapMs: ' 1500 ', thinkTimes: false })).toEqual({
      ok: true,
      options: { skipStatic: true, groupBy: 'gap', gapMs: 1500, thinkTimes: false, keepUserAgent: false },
    });
    expect(convertOptions({ ...DEFAULT_CONVERT, gapMs: 'x' }).ok).toBe(true);
  });

  it('refuses numbers the contract would', () => {
    expect(convertOptions({ ...DEFAULT_CONVERT, groupBy: 'gap', gapMs: '50' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Pause between groups/),
    });
    expect(convertOptions({ ...DEFAULT_CONVERT, minThinkMs: '-1' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Shortest think time/),
    });
    expect(convertOptions({ ...DEFAULT_CONVERT, minThinkMs: '1.5' }).ok).toBe(false);
  });
});

describe('body text', () => {
  it('indents JSON and leaves other text alone', () => {
    expect(readableBody('{"a":[1,2]}', 'application/json')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(readableBody('{not json', 'application/json')).toBe('{not json');
    expect(readableBody('a=1&b=2', 'application/x-www-form-urlencoded')).toBe('a=1&b=2');
  });

  it('cuts long text, unless all is asked for', () => {
    expect(bodyPreview('abcdef', false, 4)).toEqual({ shown: 'abcd', hidden: 2 });
    expect(bodyPreview('abcdef', true, 4)).toEqual({ shown: 'abcdef', hidden: 0 });
    expect(headerValue([{ name: 'Content-Type', value: 'text/html' }], 'content-type')).toBe('text/html');
  });
});
