/**
 * A run of gRPC calls and WebSocket sessions: the text summary lists each protocol's section from the registry, and
 * compare and --repeat add the rows of the metrics the runs have, from one list for both protocols.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../metrics/summary.ts';
import { repeatStats } from './compare/repeat.ts';
import { compareRuns } from './compare/table.ts';
import { fakeSummary } from './compare/testing.ts';
import { textSummary } from './text-summary.ts';

const trend = (p95: number, count: number) => ({
  type: 'trend' as const,
  unit: 'ms' as const,
  count,
  avg: p95 / 2,
  min: 1,
  med: p95 / 2,
  max: p95 * 2,
  p90: p95,
  p95,
  p99: p95,
});
const counter = (count: number) => ({ type: 'counter' as const, unit: 'count' as const, count, rate: count / 10 });

/** A run without HTTP requests: `grpc` calls (when any) and `sessions` WebSocket sessions (when any). */
function run(grpc: number, sessions: number, connectP95 = 8): Summary {
  const s = fakeSummary({ requests: 0, latency: null, checks: null });
  delete s.metrics.http_reqs;
  delete s.metrics.http_req_failed;
  if (grpc > 0) s.metrics.grpc_req_duration = trend(12, grpc);
  if (sessions > 0) {
    s.metrics.ws_sessions = counter(sessions);
    s.metrics.ws_connecting = trend(connectP95, sessions);
    s.metrics.ws_msgs_received = counter(sessions * 3);
  }
  return s;
}

describe('gRPC and WebSocket in the reports', () => {
  it('the text summary has a GRPC and a WEBSOCKET section, no HTTP one, and both in the result line', () => {
    const text = textSummary(run(40, 5));
    const heads = text
      .split('\n')
      .filter((l) => /^ {4}[A-Z]+$/.test(l))
      .map((l) => l.trim());
    expect(heads.slice(0, 3)).toEqual(['GRPC', 'WEBSOCKET', 'EXECUTION']);
    expect(text).not.toContain('http_req_duration');
    const section = text.slice(text.indexOf('    WEBSOCKET'), text.indexOf('    EXECUTION'));
    expect(section).toContain('ws_connecting');
    expect(section).not.toContain('grpc_req_duration');
    expect(text).toMatch(/5 WebSocket sessions in 10s, 0\.5\/s; 40 gRPC calls, p\(50\)=6ms p\(99\)=12ms/);
  });

  it('compare adds the rows of the metrics some run has, and no others', () => {
    const keys = (...runs: Summary[]) =>
      compareRuns(runs.map((s, i) => ({ name: `r${i}`, summaries: [s] }))).rows.map((r) => r.key);
    const wsOnly = keys(run(0, 5), run(0, 6));
    expect(wsOnly.filter((k) => k.startsWith('ws'))).toEqual(['wsSessions', 'wsConnectingP95', 'wsMsgsReceived']);
    expect(wsOnly.some((k) => k.startsWith('grpc'))).toBe(false);
    expect(keys(run(40, 0), run(0, 5)).filter((k) => k.startsWith('grpc') || k.startsWith('ws'))).toEqual([
      'grpcCalls',
      'grpcP95',
      'wsSessions',
      'wsConnectingP95',
      'wsMsgsReceived',
    ]);
    expect(keys(fakeSummary(), fakeSummary()).some((k) => k.startsWith('grpc') || k.startsWith('ws'))).toBe(false);
  });

  it('--repeat gives the WebSocket connecting p(95) as mean and spread', () => {
    const st = repeatStats([run(0, 5, 10), run(0, 5, 20), run(0, 5, 30)]).find((r) => r.key === 'wsConnectingP95');
    expect(st?.spread?.mean).toBe(20);
  });
});
