/** compare and --repeat show gRPC's numbers when the runs made gRPC calls, and only then. */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../metrics/summary.ts';
import { repeatStats } from './repeat.ts';
import { compareRuns } from './table.ts';
import { fakeSummary } from './testing.ts';

function withGrpc(p95: number, calls: number): Summary {
  const s = fakeSummary();
  s.metrics.grpc_req_duration = {
    type: 'trend',
    unit: 'ms',
    count: calls,
    avg: p95 / 2,
    min: 1,
    med: p95 / 2,
    max: p95 * 2,
    p90: p95,
    p95,
    p99: p95,
  };
  s.metrics.grpc_streams = { type: 'counter', unit: 'count', count: 3, rate: 0.3 };
  return s;
}

describe('gRPC key metrics', () => {
  it('compare has gRPC rows when a run used gRPC, with the better direction', () => {
    const c = compareRuns([
      { name: 'a', summaries: [withGrpc(10, 100)] },
      { name: 'b', summaries: [withGrpc(20, 100)] },
    ]);
    const p95 = c.rows.find((r) => r.key === 'grpcP95');
    expect(p95?.cells.map((x) => [x.value, x.verdict])).toEqual([
      [10, null],
      [20, 'worse'],
    ]);
    expect(c.rows.find((r) => r.key === 'grpcCalls')?.cells.map((x) => x.value)).toEqual([100, 100]);
    expect(c.rows.find((r) => r.key === 'grpcStreams')?.cells.map((x) => x.value)).toEqual([3, 3]);
  });

  it('runs without gRPC compare as before', () => {
    const c = compareRuns([
      { name: 'a', summaries: [fakeSummary()] },
      { name: 'b', summaries: [fakeSummary()] },
    ]);
    expect(c.rows.some((r) => r.key.startsWith('grpc'))).toBe(false);
  });

  it('--repeat gives the gRPC p(95) as mean and spread', () => {
    const st = repeatStats([withGrpc(10, 100), withGrpc(20, 100), withGrpc(30, 100)]).find((r) => r.key === 'grpcP95');
    expect(st?.spread?.mean).toBe(20);
  });
});
