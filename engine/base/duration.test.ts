import { describe, expect, it } from 'vitest';
import { DURATION_PATTERN, durationMs, formatDuration, parseDuration } from './duration.ts';
import { parseSize, SIZE_PATTERN } from './size.ts';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['1m30s', 90_000],
    ['2h', 7_200_000],
    ['1.5s', 1500],
    ['0.5s', 500],
    ['1h2m3s4ms', 3_600_000 + 120_000 + 3000 + 4],
    ['1m', 60_000],
    ['90m', 5_400_000],
    ['0', 0],
    ['0s', 0],
    ['0ms', 0],
    ['1s500ms', 1500],
    ['  30s ', 30_000],
  ])('%j is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it('reads "m" followed by "s" as minutes then seconds, and "ms" as milliseconds', () => {
    expect(parseDuration('1m5s')).toBe(65_000);
    expect(parseDuration('1ms')).toBe(1);
    expect(parseDuration('5m1ms')).toBe(300_001);
  });

  it.each([
    '',
    ' ',
    '30',
    '1.5',
    's',
    '30 s',
    '-1s',
    '1.s',
    '.5s',
    '1d',
    '30sec',
    '1m 30s',
    'abc',
    '1e3ms',
    '00',
    '1s ms',
    'ms',
  ])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('agrees with the schema pattern on what is a duration', () => {
    const pattern = new RegExp(DURATION_PATTERN);
    for (const text of [
      '500ms',
      '30s',
      '1m30s',
      '2h',
      '1.5s',
      '0',
      '0s',
      '1h2m3s4ms',
      '',
      '30',
      '-1s',
      '.5s',
      '1.s',
      '1d',
      '00',
      '1m 30s',
      '5mm',
      'ms',
      '0.0s',
    ]) {
      expect(parseDuration(text) !== undefined, text).toBe(pattern.test(text));
    }
  });
});

describe('durationMs', () => {
  it('returns milliseconds', () => {
    expect(durationMs('1m30s', '--duration')).toBe(90_000);
    expect(durationMs('0', 'x')).toBe(0);
  });

  it('throws naming where the value came from and what is expected', () => {
    expect(() => durationMs('30', '--duration')).toThrow(
      "--duration: '30' is not a duration; write e.g. 500ms, 30s or 1m30s",
    );
    expect(() => durationMs('soon', 'scenarios.a.duration')).toThrow(
      /^scenarios\.a\.duration: 'soon' is not a duration/,
    );
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [1, '1ms'],
    [450, '450ms'],
    [999, '999ms'],
    [12.4, '12ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [2500, '2.5s'],
    [30_000, '30s'],
    [59_000, '59s'],
    [60_000, '1m0s'],
    [90_000, '1m30s'],
    [600_000, '10m0s'],
    [3_600_000, '1h0m0s'],
    [3_723_000, '1h2m3s'],
    [5_400_500, '1h30m0.5s'],
  ])('%d ms is %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('round-trips through parseDuration for whole tenths of a second and whole milliseconds below 1s', () => {
    for (const ms of [0, 1, 250, 999, 1000, 1100, 9900, 59_900, 61_000, 3_599_000, 3_600_100, 86_400_000]) {
      expect(parseDuration(formatDuration(ms)), String(ms)).toBe(ms);
    }
  });

  it('never writes 60 seconds: values just below a minute carry over', () => {
    expect(formatDuration(59_999)).toBe('1m0s');
    expect(formatDuration(119_960)).toBe('2m0s');
    expect(formatDuration(3_599_999)).toBe('1h0m0s');
  });

  it('never writes 1000ms: values just below a second carry over', () => {
    expect(formatDuration(999.6)).toBe('1s');
  });
});

describe('parseSize', () => {
  it.each([
    [512, 512],
    [0, 0],
    [1.9, 1],
    ['512', 512],
    ['512b', 512],
    ['512B', 512],
    ['64kb', 65_536],
    ['64KB', 65_536],
    ['64 kb', 65_536],
    ['64kib', 65_536],
    ['10MB', 10 * 1024 ** 2],
    ['10mib', 10 * 1024 ** 2],
    ['1GiB', 1024 ** 3],
    ['1gb', 1024 ** 3],
    ['1.5kb', 1536],
    ['0.5mb', 512 * 1024],
    [' 2kb ', 2048],
  ])('%j is %d bytes', (value, bytes) => {
    expect(parseSize(value)).toBe(bytes);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, '', 'kb', '-1kb', '10TB', '1e3', 'ten', '10 k b', '1,5kb', '10k'])(
    '%j is not a size',
    (value) => {
      expect(parseSize(value)).toBeUndefined();
    },
  );

  it('agrees with the schema pattern on what is a size', () => {
    const pattern = new RegExp(SIZE_PATTERN);
    for (const text of [
      '512',
      '64kb',
      '64 KB',
      '10MiB',
      '1gb',
      '1.5kb',
      '',
      'kb',
      '10TB',
      '10k',
      '-1',
      '1e3',
      '1kib',
      '2 b',
    ]) {
      expect(parseSize(text) !== undefined, text).toBe(pattern.test(text));
    }
  });
});
