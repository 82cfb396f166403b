/**
 * The gRPC and WebSocket parts of one timeline point, from the tagged samples of an interval (tagged.ts). Their
 * percentiles come from the interval's merged histograms (grpc_req_duration, ws_connecting), which are kept so a
 * shard's seconds merge exactly (shard-seconds.ts, merge-timeline.ts).
 */
import { Histogram } from './histogram.ts';
import type { Sample, TaggedSample } from './sample.ts';
import { emptyGrpc, emptyWs, type GrpcPoint, type TrendPoint, type WsPoint } from './timeline-point.ts';

const ms = (us: number): number => us / 1000;

/** A trend's percentiles in ms; null for an empty histogram. */
export function trendPoint(h: Histogram): TrendPoint | null {
  if (h.isEmpty) return null;
  const [p50, p95, p99] = h.valuesAtPercentiles([50, 95, 99]) as [number, number, number];
  return { p50: ms(p50), p95: ms(p95), p99: ms(p99), max: ms(h.max) };
}

/** A status tag that is not gRPC's OK. */
const notOk = (t: TaggedSample): boolean => t.tags.status !== '0';

export class ProtocolInterval {
  grpc: GrpcPoint | undefined;
  ws: WsPoint | undefined;
  readonly grpcDuration = new Histogram();
  readonly wsConnecting = new Histogram();
  private readonly scratch = new Histogram();

  /** One worker's sample of the interval. */
  add(s: Sample): void {
    for (const e of s.errors) if (e.kind.startsWith('ws-')) (this.ws ??= emptyWs()).errors += e.count;
    if (s.tagged) for (const t of s.tagged) this.tagged(t);
  }

  private tagged(t: TaggedSample): void {
    switch (t.metric) {
      case 'grpc_req_duration': {
        const g = (this.grpc ??= emptyGrpc());
        g.calls += t.count;
        if (notOk(t)) g.failed += t.count;
        if (t.hist) this.grpcDuration.add(Histogram.fromJSON(t.hist, this.scratch));
        return;
      }
      case 'grpc_streams': {
        const g = (this.grpc ??= emptyGrpc());
        g.streams += t.count;
        if (notOk(t)) g.streamsFailed += t.count;
        return;
      }
      case 'grpc_streams_msgs_sent':
        (this.grpc ??= emptyGrpc()).msgsSent += t.count;
        return;
      case 'grpc_streams_msgs_received':
        (this.grpc ??= emptyGrpc()).msgsReceived += t.count;
        return;
      case 'ws_sessions':
        (this.ws ??= emptyWs()).sessions += t.count;
        return;
      case 'ws_msgs_sent':
        (this.ws ??= emptyWs()).msgsSent += t.count;
        return;
      case 'ws_msgs_received':
        (this.ws ??= emptyWs()).msgsReceived += t.count;
        return;
      case 'ws_connecting':
        this.ws ??= emptyWs();
        if (t.hist) this.wsConnecting.add(Histogram.fromJSON(t.hist, this.scratch));
        return;
      default:
        // ws_session_duration, ws_ping, and a WebSocket's data_sent/received (already in the point's data counts).
        if (t.metric.startsWith('ws_')) this.ws ??= emptyWs();
    }
  }

  /** The parts, percentiles filled in; absent for a protocol the interval did not see. */
  parts(): { grpc?: GrpcPoint; ws?: WsPoint } {
    if (this.grpc) this.grpc.latency = trendPoint(this.grpcDuration);
    if (this.ws) this.ws.connecting = trendPoint(this.wsConnecting);
    return { ...(this.grpc ? { grpc: this.grpc } : {}), ...(this.ws ? { ws: this.ws } : {}) };
  }
}
