/**
 * The shape of one per-second point of a run's timeline, its counts and the empty point. Browser-safe and free of
 * values from Node-only modules: the compaction merge (timeline-merge.ts) is part of the `loadsmith/metrics` bundle
 * the renderer loads, so the point it merges cannot come from the module that builds points out of histograms.
 */

export interface LatencyPoint {
  avg: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RequestPoint {
  reqs: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** A trend's percentiles over the interval, in ms. */
export interface TrendPoint {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The gRPC steps' interval (k6's grpc_* metrics). */
export interface GrpcPoint {
  /** Unary calls that ended (grpc_req_duration's count), and those whose status was not OK (0). */
  calls: number;
  failed: number;
  /** Streams that ended (grpc_streams), those whose status was not OK, and their messages. */
  streams: number;
  streamsFailed: number;
  msgsSent: number;
  msgsReceived: number;
  /** grpc_req_duration; null when no call ended. */
  latency: TrendPoint | null;
}

/** The WebSocket steps' interval (k6's ws_* metrics). */
export interface WsPoint {
  /** Sessions opened (ws_sessions), messages sent and received. */
  sessions: number;
  msgsSent: number;
  msgsReceived: number;
  /** Errors of the WebSocket kinds (ws-handshake, ws-timeout, ws-closed). */
  errors: number;
  /** ws_connecting; null when no session opened. */
  connecting: TrendPoint | null;
}

export interface TimelinePoint {
  /** Seconds since the start at the end of this interval. */
  t: number;
  /** Length of the interval in seconds (1, except the last). */
  span: number;
  vus: number;
  reqs: number;
  rps: number;
  failed: number;
  iterations: number;
  interrupted: number;
  dataSent: number;
  dataReceived: number;
  checksPass: number;
  checksFail: number;
  errors: number;
  dropped: number;
  /** Open model: iterations that came due this interval, and those that started (the target and achieved rates). */
  scheduled: number;
  started: number;
  /**
   * The load generator itself: process CPU as a share of all cores, the busiest worker's event-loop utilisation,
   * and the worst event-loop delay p99 (ms). Near 1 the generator, not the target, may be the limit.
   */
  generator: { cpu: number; elu: number; loopDelayP99Ms: number };
  /** Open model: how late iterations started this interval (ms); null when none was scheduled. */
  lag: { p95: number; max: number } | null;
  /** http_req_duration over this interval in ms; null when no request finished. */
  latency: LatencyPoint | null;
  /** Per request name. */
  requests: Record<string, RequestPoint>;
  statuses: Record<string, number>;
  /** Only in intervals where a gRPC step recorded something, so HTTP-only timelines do not grow. */
  grpc?: GrpcPoint;
  /** Only in intervals where a WebSocket step recorded something or failed. */
  ws?: WsPoint;
}

/** The counts of a point: what is summed when seconds or shards merge. */
export const POINT_COUNTS = [
  'reqs',
  'failed',
  'iterations',
  'interrupted',
  'dataSent',
  'dataReceived',
  'checksPass',
  'checksFail',
  'errors',
  'dropped',
  'scheduled',
  'started',
] as const satisfies readonly (keyof TimelinePoint)[];

/** The counts of a gRPC part, summed when points merge. */
export const GRPC_COUNTS = [
  'calls',
  'failed',
  'streams',
  'streamsFailed',
  'msgsSent',
  'msgsReceived',
] as const satisfies readonly (keyof GrpcPoint)[];

/** The counts of a WebSocket part, summed when points merge. */
export const WS_COUNTS = [
  'sessions',
  'msgsSent',
  'msgsReceived',
  'errors',
] as const satisfies readonly (keyof WsPoint)[];

/** The point of the interval ending at `t`, `span` seconds long, with nothing in it yet. */
export function emptyPoint(t: number, span: number): TimelinePoint {
  return {
    t,
    span,
    vus: 0,
    reqs: 0,
    rps: 0,
    failed: 0,
    iterations: 0,
    interrupted: 0,
    dataSent: 0,
    dataReceived: 0,
    checksPass: 0,
    checksFail: 0,
    errors: 0,
    dropped: 0,
    scheduled: 0,
    started: 0,
    generator: { cpu: 0, elu: 0, loopDelayP99Ms: 0 },
    lag: null,
    latency: null,
    requests: {},
    statuses: {},
  };
}

export const emptyGrpc = (): GrpcPoint => ({
  calls: 0,
  failed: 0,
  streams: 0,
  streamsFailed: 0,
  msgsSent: 0,
  msgsReceived: 0,
  latency: null,
});

export const emptyWs = (): WsPoint => ({ sessions: 0, msgsSent: 0, msgsReceived: 0, errors: 0, connecting: null });
