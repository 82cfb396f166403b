/**
 * Per-second points -> the gRPC and WebSocket charts' series, pure: gRPC calls/s (failed/s, streams/s) and
 * grpc_req_duration percentiles; WebSocket sessions/s, messages sent and received/s, errors/s and ws_connecting p95.
 * Null for a protocol no point has: those charts appear only in runs with such steps. A second without the
 * protocol counts 0 (and its percentiles are gaps), as a request name's series does.
 */
import type { Point } from '../../charts/downsample.ts';
import type { Series } from '../../charts/TimeChart.tsx';
import { MIN_RATE_SPAN } from './series.ts';
import type { RunPoint } from './types.ts';

export interface ProtocolSeries {
  grpcRate: Series[] | null;
  grpcLatency: Series[] | null;
  wsRate: Series[] | null;
  wsConnecting: Series[] | null;
}

export function protocolSeries(points: readonly RunPoint[]): ProtocolSeries {
  const hasGrpc = points.some((p) => p.grpc !== undefined);
  const hasWs = points.some((p) => p.ws !== undefined);
  const calls: Point[] = [],
    failed: Point[] = [],
    streams: Point[] = [],
    p50: Point[] = [],
    p95: Point[] = [],
    p99: Point[] = [];
  const sessions: Point[] = [],
    sent: Point[] = [],
    received: Point[] = [],
    errors: Point[] = [],
    connecting: Point[] = [];
  for (const p of points) {
    const per = (n: number | undefined): number | null => (p.span >= MIN_RATE_SPAN ? (n ?? 0) / p.span : null);
    if (hasGrpc) {
      calls.push([p.t, per(p.grpc?.calls)]);
      failed.push([p.t, per(p.grpc?.failed)]);
      streams.push([p.t, per(p.grpc?.streams)]);
      p50.push([p.t, p.grpc?.latency?.p50 ?? null]);
      p95.push([p.t, p.grpc?.latency?.p95 ?? null]);
      p99.push([p.t, p.grpc?.latency?.p99 ?? null]);
    }
    if (hasWs) {
      sessions.push([p.t, per(p.ws?.sessions)]);
      sent.push([p.t, per(p.ws?.msgsSent)]);
      received.push([p.t, per(p.ws?.msgsReceived)]);
      errors.push([p.t, per(p.ws?.errors)]);
      connecting.push([p.t, p.ws?.connecting?.p95 ?? null]);
    }
  }
  const anyStreams = points.some((p) => (p.grpc?.streams ?? 0) > 0);
  return {
    grpcRate: hasGrpc
      ? [
          { name: 'calls/s', points: calls },
          { name: 'failed/s', points: failed },
          ...(anyStreams ? [{ name: 'streams/s', points: streams }] : []),
        ]
      : null,
    grpcLatency: hasGrpc
      ? [
          { name: 'p(50)', points: p50 },
          { name: 'p(95)', points: p95 },
          { name: 'p(99)', points: p99 },
        ]
      : null,
    wsRate: hasWs
      ? [
          { name: 'sessions/s', points: sessions },
          { name: 'msgs sent/s', points: sent },
          { name: 'msgs received/s', points: received },
          { name: 'errors/s', points: errors },
        ]
      : null,
    wsConnecting: hasWs ? [{ name: 'connecting p(95)', points: connecting }] : null,
  };
}
