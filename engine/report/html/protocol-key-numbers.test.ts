/**
 * The HTML report's key numbers include gRPC calls, failed calls, their p(95) and streams when the run made any, and
 * WebSocket sessions, messages, connecting and session p(95) and errors by kind when it opened any session.
 */
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../compare/testing.ts';
import { emptyPoint } from '../../metrics/timeline-point.ts';
import { keyNumbers, keyNumbersHtml } from './key-numbers.ts';

describe('gRPC key numbers', () => {
  it('are shown for a run with gRPC calls, and not for one without', () => {
    const s = fakeSummary();
    expect(keyNumbers(s).some((k) => k.label.startsWith('gRPC'))).toBe(false);
    s.metrics.grpc_req_duration = {
      type: 'trend',
      unit: 'ms',
      count: 1234,
      avg: 5,
      min: 1,
      med: 4,
      max: 90,
      p90: 9,
      p95: 12.5,
      p99: 40,
    };
    s.metrics.grpc_streams = { type: 'counter', unit: 'count', count: 7, rate: 0.7 };
    const grpc = { calls: 600, failed: 9, streams: 0, streamsFailed: 0, msgsSent: 0, msgsReceived: 0, latency: null };
    s.timeline = [
      { ...emptyPoint(1, 1), grpc },
      emptyPoint(2, 1),
      { ...emptyPoint(3, 1), grpc: { ...grpc, failed: 3 } },
    ];
    expect(
      keyNumbers(s)
        .filter((k) => k.label.startsWith('gRPC'))
        .map((k) => [k.key, k.label, k.text]),
    ).toEqual([
      ['metrics.grpc_req_duration.count', 'gRPC calls', '1,234'],
      ['grpc.failed', 'gRPC calls failed', '12'],
      ['metrics.grpc_req_duration.p95', 'gRPC p(95)', '12.5ms'],
      ['metrics.grpc_streams.count', 'gRPC streams', '7'],
    ]);
  });
});

describe('WebSocket key numbers', () => {
  const trend = (p95: number) => ({
    type: 'trend' as const,
    unit: 'ms' as const,
    count: 40,
    avg: 1,
    min: 1,
    med: 1,
    max: 90,
    p90: p95,
    p95,
    p99: p95,
  });
  const counter = (count: number) => ({ type: 'counter' as const, unit: 'count' as const, count, rate: count / 10 });

  it('are shown for a run with sessions: counts, p(95)s and errors by kind, and not for one without', () => {
    const s = fakeSummary();
    expect(keyNumbers(s).some((k) => k.label.startsWith('WebSocket'))).toBe(false);
    s.metrics.ws_sessions = counter(40);
    s.metrics.ws_msgs_sent = counter(120);
    s.metrics.ws_msgs_received = counter(200);
    s.metrics.ws_connecting = trend(2.5);
    s.metrics.ws_session_duration = trend(512);
    s.errors = [
      { kind: 'ws-closed', scenario: 's', request: 'chat', count: 3, message: 'closed by the server' },
      { kind: 'refused', scenario: 's', request: 'GET /', count: 50, message: 'ECONNREFUSED' },
      { kind: 'ws-timeout', scenario: 's', request: 'chat', count: 1, message: 'no pong' },
      { kind: 'ws-closed', scenario: 't', request: 'feed', count: 2, message: 'closed by the server' },
    ];
    const ws = keyNumbers(s).filter((k) => k.label.startsWith('WebSocket'));
    expect(ws.map((k) => [k.key, k.label, k.text, k.detail])).toEqual([
      ['metrics.ws_sessions.count', 'WebSocket sessions', '40', '4/s'],
      ['metrics.ws_msgs_sent.count', 'WebSocket msgs sent', '120', '12/s'],
      ['metrics.ws_msgs_received.count', 'WebSocket msgs received', '200', '20/s'],
      ['metrics.ws_connecting.p95', 'WebSocket connecting p(95)', '2.5ms', undefined],
      ['metrics.ws_session_duration.p95', 'WebSocket session p(95)', '512ms', undefined],
      ['ws.errors', 'WebSocket errors', '6', 'ws-closed 5, ws-timeout 1'],
    ]);
    expect(ws.at(-1)?.tone).toBe('bad');
    // A number added up from the errors is no path into the summary: data-derived, not data-key.
    const html = keyNumbersHtml(s);
    expect(html).toContain('data-derived="ws.errors" data-value="6"');
    expect(html).toContain('data-key="metrics.ws_sessions.count" data-value="40"');
    expect(html).not.toContain('data-key="ws.errors"');
  });
});
