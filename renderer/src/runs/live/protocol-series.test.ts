import { describe, expect, it } from 'vitest';
import { protocolSeries } from './protocol-series.ts';
import { point } from './testing.ts';

const grpc = { calls: 40, failed: 2, streams: 0, streamsFailed: 0, msgsSent: 0, msgsReceived: 0 };
const lat = { p50: 1, p95: 3, p99: 7, max: 9 };
const ws = { sessions: 6, msgsSent: 12, msgsReceived: 18, errors: 1, connecting: { p50: 1, p95: 2, p99: 2, max: 2 } };
const points = (s: ReturnType<typeof protocolSeries>['grpcRate'], name: string) =>
  s?.find((x) => x.name === name)?.points;

describe('protocolSeries', () => {
  it('has no gRPC or WebSocket chart in an HTTP-only run', () => {
    expect(protocolSeries([point(1), point(2)])).toEqual({
      grpcRate: null,
      grpcLatency: null,
      wsRate: null,
      wsConnecting: null,
    });
  });

  it('gives gRPC calls/s and failed/s over the span, 0 in a second without calls, and its percentiles', () => {
    const s = protocolSeries([
      point(2, { span: 2, grpc: { ...grpc, latency: lat } }),
      point(3),
      point(4, { grpc: { ...grpc, calls: 10, failed: 0, latency: { ...lat, p95: 5 } } }),
    ]);
    expect(points(s.grpcRate, 'calls/s')).toEqual([
      [2, 20],
      [3, 0],
      [4, 10],
    ]);
    expect(points(s.grpcRate, 'failed/s')).toEqual([
      [2, 1],
      [3, 0],
      [4, 0],
    ]);
    expect(s.grpcRate?.map((x) => x.name)).toEqual(['calls/s', 'failed/s']); // no streams: no streams line
    expect(points(s.grpcLatency, 'p(95)')).toEqual([
      [2, 3],
      [3, null],
      [4, 5],
    ]);
    expect(s.wsRate).toBeNull();
  });

  it('gives WebSocket sessions, messages and errors per second and ws_connecting p95', () => {
    const s = protocolSeries([point(1, { ws }), point(2, { ws: { ...ws, connecting: null } })]);
    expect(points(s.wsRate, 'sessions/s')).toEqual([
      [1, 6],
      [2, 6],
    ]);
    expect(points(s.wsRate, 'msgs received/s')).toEqual([
      [1, 18],
      [2, 18],
    ]);
    expect(points(s.wsRate, 'errors/s')).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(points(s.wsConnecting, 'connecting p(95)')).toEqual([
      [1, 2],
      [2, null],
    ]);
    expect(s.grpcRate).toBeNull();
  });
});
