import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../app/contract/index.ts';
import {
  entryStatus,
  entryTitle,
  errorTitle,
  prettyBody,
  selectedRequestPath,
  showValue,
  statusText,
  statusTone,
  timingBars,
  variablesAfter,
} from './format.ts';

const entry = (extracted: TraceEntry['extracted']): TraceEntry => ({
  scenario: 's',
  group: '',
  path: [],
  name: 'n',
  request: { method: 'GET', url: 'http://x/', headers: [], body: null, bodyTruncated: false },
  response: null,
  timings: { blocked: 0, connecting: 0, tls: 0, sending: 0, waiting: 0, receiving: 0, duration: 0 },
  error: null,
  checks: [],
  extracted,
  redirects: 0,
});

describe('results panel formatting', () => {
  it('status words and tones', () => {
    expect(statusText(200)).toBe('200 OK');
    expect(statusText(599)).toBe('599');
    expect([204, 302, 404, 503].map(statusTone)).toEqual(['good', 'neutral', 'warn', 'bad']);
  });

  it('pretty-prints JSON bodies and leaves others as they are', () => {
    expect(prettyBody('{"a":[1]}', 'application/json')).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', json: true });
    expect(prettyBody('[1,2]', null).json).toBe(true);
    expect(prettyBody('{not json', 'application/json')).toEqual({ text: '{not json', json: false });
    expect(prettyBody('<p>{"a":1}</p>', 'text/html')).toEqual({ text: '<p>{"a":1}</p>', json: false });
  });

  it('titles entries with their groups', () => {
    expect(entryTitle({ scenario: 'browse', group: '::checkout::pay', name: 'Submit' })).toBe(
      'browse › checkout › pay › Submit',
    );
    expect(entryTitle({ scenario: 'browse', group: '', name: 'List' })).toBe('browse › List');
  });

  it('knows when the selection is a request step, batch items included', () => {
    const doc = {
      scenarios: {
        s: { steps: [{ request: { url: '/' } }, { think: '1s' }, { batch: [{ request: { url: '/b' } }] }] },
      },
    };
    expect(selectedRequestPath(doc, { kind: 'step', path: ['scenarios', 's', 'steps', 0] })).toEqual([
      'scenarios',
      's',
      'steps',
      0,
    ]);
    expect(selectedRequestPath(doc, { kind: 'step', path: ['scenarios', 's', 'steps', 1] })).toBeNull();
    expect(selectedRequestPath(doc, { kind: 'step', path: ['scenarios', 's', 'steps', 2, 'batch', 0] })).toEqual([
      'scenarios',
      's',
      'steps',
      2,
      'batch',
      0,
    ]);
    expect(selectedRequestPath(doc, { kind: 'scenario', name: 's' })).toBeNull();
  });

  it('can try a gRPC step', () => {
    const doc = { scenarios: { s: { steps: [{ grpc: { target: 'h:1', method: 'a.B/C' } }] } } };
    const path = ['scenarios', 's', 'steps', 0];
    expect(selectedRequestPath(doc, { kind: 'step', path })).toEqual(path);
  });

  it("shows a gRPC call's status by code and name, good only when OK", () => {
    const response = { status: 0, headers: [], body: '{}', bodyTruncated: false, size: 2, contentType: null };
    const ok = { ...entry([]), response, grpc: { code: 0, status: 'OK', details: '', trailers: [] } };
    expect(entryStatus(ok)).toEqual({ text: '0 OK', short: 'OK', tone: 'good' });
    const missing = { ...ok, response: { ...response, status: 5 }, grpc: { ...ok.grpc, code: 5, status: 'NOT_FOUND' } };
    expect(entryStatus(missing)).toEqual({ text: '5 NOT_FOUND', short: 'NOT_FOUND', tone: 'bad' });
    expect(entryStatus({ ...entry([]), response: { ...response, status: 404 } })).toMatchObject({
      text: '404 Not Found',
      tone: 'warn',
    });
    expect(entryStatus(entry([]))).toBeNull();
    expect(errorTitle('grpc-deadline-exceeded')).toBe('gRPC DEADLINE_EXCEEDED');
  });

  it('applies extractions in order: set, replaced, and unset when they failed without default', () => {
    const after = variablesAfter(
      [
        entry([
          { variable: 'a', ok: true, value: 1, reason: null },
          { variable: 'gone', ok: false, value: null, reason: 'no match' },
          { variable: 'dflt', ok: false, value: 'd', reason: 'no match; the default was used' },
        ]),
        entry([{ variable: 'a', ok: true, value: 2, reason: null }]),
      ],
      { gone: 'old', kept: true },
    );
    expect(after).toEqual({ a: 2, kept: true, dflt: 'd' });
  });

  it('lays out timing phases as a waterfall', () => {
    const bars = timingBars({
      blocked: 20,
      connecting: 5,
      tls: 10,
      sending: 10,
      waiting: 60,
      receiving: 10,
      duration: 80,
    });
    expect(bars.map((b) => [b.phase, b.offsetPct, b.widthPct])).toEqual([
      ['Blocked', 0, 20],
      ['Connecting', 5, 5],
      ['TLS handshake', 10, 10],
      ['Sending', 20, 10],
      ['Waiting', 30, 60],
      ['Receiving', 90, 10],
    ]);
  });

  it('shows values on one line, cut', () => {
    expect(showValue('tok')).toBe('tok');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
