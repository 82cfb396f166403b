/**
 * The metrics of one gRPC step, with k6's names and tags: a unary call is one grpc_req_duration value, a stream one
 * grpc_streams count plus the messages it sent and received; both tagged with the numeric status (as k6 does).
 */
import type { MetricsRecorder } from '../../metrics/recorder.ts';
import type { TaggedSeries } from '../../metrics/tagged.ts';

export class GrpcSeries {
  private readonly recorder: MetricsRecorder;
  private readonly base: Readonly<Record<string, string>>;
  private readonly calls = new Map<number, TaggedSeries>();
  private readonly streams = new Map<number, TaggedSeries>();
  private sent: TaggedSeries | undefined;
  private received: TaggedSeries | undefined;

  /** `base`: scenario, group, request, method and the plan's tags. */
  constructor(recorder: MetricsRecorder, base: Readonly<Record<string, string>>) {
    this.recorder = recorder;
    this.base = base;
  }

  private ofStatus(stream: boolean, code: number): TaggedSeries {
    const map = stream ? this.streams : this.calls;
    let s = map.get(code);
    if (s === undefined) {
      s = this.recorder.taggedSeries(
        stream ? 'grpc_streams' : 'grpc_req_duration',
        { ...this.base, status: String(code) },
        !stream,
      );
      map.set(code, s);
    }
    return s;
  }

  /** A unary call that ended with `code` after `us` microseconds. */
  call(code: number, us: number): void {
    this.ofStatus(false, code).record(us);
  }

  /** A stream that ended with `code`. */
  streamed(code: number, sent: number, received: number): void {
    this.ofStatus(true, code).add(1);
    (this.sent ??= this.recorder.taggedSeries('grpc_streams_msgs_sent', this.base, false)).add(sent);
    (this.received ??= this.recorder.taggedSeries('grpc_streams_msgs_received', this.base, false)).add(received);
  }
}
