import { describe, expect, it } from 'vitest';
import { validatePlanValue } from 'loadsmith/plan';
import type { WebSocketTraceEntry } from '../../../../../app/contract/index.ts';
import { checkGroups, exchangeRows, messageBytes, sessionSummary, sizeText } from './exchange.ts';
import { selectedSessionPath, sessionTryDocument } from './try-session.ts';

const session = (over: Partial<WebSocketTraceEntry> = {}): WebSocketTraceEntry => ({
  scenario: 's',
  path: ['scenarios', 's', 'steps', 0],
  name: 'chat',
  url: 'ws://127.0.0.1:1/ws/chat',
  status: 101,
  protocol: 'chat.v1',
  connectingMs: 3,
  messages: [
    {
      direction: 'received',
      atMs: 4,
      data: '{"type":"welcome"}',
      binary: false,
      truncated: false,
      receive: 'welcome',
      matched: true,
    },
    { direction: 'sent', atMs: 5, data: 'héllo', binary: false, truncated: false },
    { direction: 'received', atMs: 6, data: 'AAEC', binary: true, truncated: false, receive: 'r', matched: false },
    { direction: 'received', atMs: 7, data: 'x'.repeat(4096), binary: false, truncated: true },
    { direction: 'ping', atMs: 8, data: '', binary: false, truncated: false },
    { direction: 'pong', atMs: 8.5, data: '', binary: false, truncated: false },
  ],
  moreMessages: 0,
  checks: [
    { name: 'status is 101', ok: true, reason: null },
    { name: 'welcome: jsonPath $.type equals "welcome"', ok: true, reason: null },
    { name: 'receive 3: body contains "x"', ok: false, reason: 'no' },
  ],
  extracted: [],
  error: null,
  closed: { code: 1000, reason: 'bye', by: 'client', atMs: 9 },
  ...over,
});

describe('the exchange of a session', () => {
  it('lists the opening, every message and ping in order with its size, and the close', () => {
    const rows = exchangeRows(session());
    expect(rows.map((r) => r.kind)).toEqual([
      'open',
      'received',
      'sent',
      'received',
      'received',
      'ping',
      'pong',
      'close',
    ]);
    expect(rows[1]).toMatchObject({ receive: 'welcome', matched: true });
    expect(rows[2]).toMatchObject({ kind: 'sent', atMs: 5, bytes: 6 }); // é is two bytes in UTF-8
    expect(rows[2]).not.toHaveProperty('receive');
    expect(rows[3]).toMatchObject({ binary: true, bytes: 3, receive: 'r', matched: false });
    expect(rows[4]).toMatchObject({ truncated: true, bytes: null });
    expect(rows[6]).toEqual({ kind: 'pong', atMs: 8.5, rttMs: 0.5 });
    expect(rows[7]).toEqual({ kind: 'close', atMs: 9, code: 1000, reason: 'bye', by: 'client' });
  });

  it('says what it could not show, and has no opening when the handshake got no answer', () => {
    const rows = exchangeRows(session({ status: 0, messages: [], moreMessages: 12, closed: null }));
    expect(rows).toEqual([{ kind: 'more', count: 12 }]);
  });

  it('measures messages and says their size', () => {
    expect(messageBytes('AA==', true)).toBe(1);
    expect(messageBytes('AAA=', true)).toBe(2);
    expect(messageBytes('abc', false)).toBe(3);
    expect(sizeText(12)).toBe('12 B');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(null)).toBe('more than 4 KB');
  });

  it('groups checks by the handshake and each receive, in the order they ran', () => {
    expect(checkGroups(session(), ['welcome', 'receive 3'])).toEqual([
      { receive: '', checks: [{ name: 'status is 101', ok: true, reason: null }] },
      { receive: 'welcome', checks: [{ name: 'jsonPath $.type equals "welcome"', ok: true, reason: null }] },
      { receive: 'receive 3', checks: [{ name: 'body contains "x"', ok: false, reason: 'no' }] },
    ]);
    expect(sessionSummary(session())).toBe('1 sent, 3 received, 2 of 3 checks passed');
    expect(sessionSummary(session({ checks: [], moreMessages: 2 }))).toBe('1 sent, 3 received, 2 more not shown');
  });
});

describe('Try it on a session', () => {
  const doc = {
    version: 1,
    name: 'p',
    defaults: { baseUrl: 'http://127.0.0.1:3000' },
    variables: { room: 'lobby' },
    setup: { steps: [{ request: { url: '/login', extract: { token: { jsonPath: '$.t' } } } }] },
    scenarios: {
      a: { executor: 'constant-vus', vus: 5, duration: '1m', steps: [{ request: { url: '/' } }] },
      b: {
        executor: 'per-vu-iterations',
        steps: [
          { think: '1s' },
          {
            group: { name: 'g', steps: [{ websocket: { url: '/ws/${room}?t=${token}', actions: [{ ping: true }] } }] },
          },
        ],
      },
    },
    thresholds: { checks: ['rate>0.99'] },
  };
  const path = ['scenarios', 'b', 'steps', 1, 'group', 'steps', 0];

  it('runs that session alone, once, with the variables of the last run', () => {
    const tried = sessionTryDocument(doc, path, { token: 'abc', room: 'r1' });
    expect(tried).toEqual({
      version: 1,
      name: 'p',
      defaults: { baseUrl: 'http://127.0.0.1:3000' },
      variables: { room: 'r1', token: 'abc' },
      scenarios: {
        try: {
          executor: 'per-vu-iterations',
          steps: [{ websocket: { url: '/ws/${room}?t=${token}', actions: [{ ping: true }] } }],
        },
      },
    });
    expect(validatePlanValue(tried).plan.scenarios.try?.steps).toHaveLength(1);
  });

  it('tries the selected step only when it is a session', () => {
    expect(selectedSessionPath(doc, { kind: 'step', path })).toEqual(path);
    expect(selectedSessionPath(doc, { kind: 'step', path: ['scenarios', 'b', 'steps', 0] })).toBeNull();
    expect(selectedSessionPath(doc, { kind: 'settings', section: 'general' })).toBeNull();
  });
});
