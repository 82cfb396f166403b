/**
 * The progress line's part for gRPC and WebSocket steps: calls per second with their p95, sessions and messages per
 * second. Shown from the first second that had such a step on, so the line does not jump when a second has none.
 */
import type { Tick } from '../runtime/run-handle.ts';
import { fmtMs, fmtRate } from './format.ts';

export class ProtocolProgress {
  private grpc = false;
  private ws = false;

  /** `, gRPC 120/s p(95)=3ms, WS 5/s sessions 40/s msgs`, or '' while the run had neither. */
  text(t: Tick): string {
    this.grpc ||= t.grpc !== undefined;
    this.ws ||= t.ws !== undefined;
    const per = (n: number): string => fmtRate(t.span > 0 ? n / t.span : 0);
    let out = '';
    if (this.grpc) {
      const g = t.grpc;
      const failed = g && g.failed > 0 ? ` (${per(g.failed)} failed)` : '';
      out += `, gRPC ${per(g?.calls ?? 0)}${failed} p(95)=${g?.latency ? fmtMs(g.latency.p95) : '-'}`;
    }
    if (this.ws) {
      const w = t.ws;
      out += `, WS ${per(w?.sessions ?? 0)} sessions ${per((w?.msgsSent ?? 0) + (w?.msgsReceived ?? 0))} msgs`;
      if (w && w.errors > 0) out += ` (${per(w.errors)} errors)`;
    }
    return out;
  }
}
