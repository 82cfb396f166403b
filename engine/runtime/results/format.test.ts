import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { COLUMNS, isoTime, msText, type RawRow } from './row.ts';
import { csvField, csvHeader, csvLine, ndjsonLine } from './format.ts';

const row = (over: Partial<RawRow> = {}): RawRow => ({
  timestamp: Date.UTC(2025, 5, 1, 12, 0, 0, 123),
  scenario: 'browse',
  group: '',
  request: 'List users',
  method: 'GET',
  url: 'http://127.0.0.1:3000/users?page=2',
  status: 200,
  durationUs: 1234,
  blockedUs: 5,
  lookingUpUs: 0,
  connectingUs: 1000,
  tlsHandshakingUs: 0,
  sendingUs: 20,
  waitingUs: 1100,
  receivingUs: 114,
  bytesSent: 96,
  bytesReceived: 345,
  errorKind: undefined,
  errorMessage: undefined,
  vu: 3,
  iteration: 7,
  ...over,
});

const nasty = row({
  scenario: 'a,b',
  group: '::say "hi"',
  request: 'line\nbreak',
  url: 'http://h/x?q=a,b&r="c"',
  status: 0,
  errorKind: 'refused',
  errorMessage: 'connect ECONNREFUSED 127.0.0.1:1, "really"\r\nsecond line',
});

describe('csv', () => {
  it('quotes fields with commas, quotes, CR or LF, doubling the quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });

  it('round-trips through a standard CSV parser, header first, one record per row', () => {
    const text = csvHeader() + csvLine(nasty) + csvLine(row());
    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([...COLUMNS]);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      timestamp: '2025-06-01T12:00:00.123Z',
      scenario: 'a,b',
      group: '::say "hi"',
      request: 'line\nbreak',
      url: 'http://h/x?q=a,b&r="c"',
      status: '0',
      error_kind: 'refused',
      error_message: 'connect ECONNREFUSED 127.0.0.1:1, "really"\r\nsecond line',
    });
    expect(records[1]).toMatchObject({
      status: '200',
      duration_ms: '1.234',
      blocked_ms: '0.005',
      looking_up_ms: '0',
      connecting_ms: '1',
      sending_ms: '0.02',
      waiting_ms: '1.1',
      receiving_ms: '0.114',
      bytes_sent: '96',
      bytes_received: '345',
      error_kind: '',
      error_message: '',
      vu: '3',
      iteration: '7',
    });
  });
});

describe('ndjson', () => {
  it('writes one JSON object per line, keys in column order, null for no error', () => {
    const text = ndjsonLine(nasty) + ndjsonLine(row());
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const [a, b] = lines.slice(0, 2).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(a ?? {})).toEqual([...COLUMNS]);
    expect(a).toMatchObject({
      scenario: 'a,b',
      request: 'line\nbreak',
      status: 0,
      error_kind: 'refused',
      error_message: nasty.errorMessage,
    });
    expect(b).toMatchObject({
      timestamp: '2025-06-01T12:00:00.123Z',
      duration_ms: 1.234,
      blocked_ms: 0.005,
      connecting_ms: 1,
      error_kind: null,
      error_message: null,
      vu: 3,
      iteration: 7,
    });
  });
});

describe('numbers and times', () => {
  it('prints microseconds as milliseconds exactly like us / 1000', () => {
    for (const us of [0, 1, 5, 10, 999, 1000, 1001, 1200, 1234, 60_000_000, 123_456_789])
      expect(msText(us)).toBe(String(us / 1000));
  });

  it('prints epoch milliseconds like Date.toISOString, across second boundaries', () => {
    const t = Date.UTC(2024, 1, 29, 23, 59, 59, 998);
    for (const x of [t, t + 1, t + 2, t + 1.7, t + 1001, 0])
      expect(isoTime(x)).toBe(new Date(Math.floor(x)).toISOString());
  });
});
