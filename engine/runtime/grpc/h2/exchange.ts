/**
 * A unary call on the VU's own HTTP/2 connection, as call.ts awaits a call: the settled status with the response's
 * metadata and trailers, the message received, interruptible by a hard stop.
 */
import type { OutgoingHttpHeaders } from 'node:http2';
import type { Interruptible } from '../../http/types.ts';
import type { GrpcMethod } from '../method.ts';
import type { Settled } from '../exchange.ts';
import type { H2Connection } from './connection.ts';
import { H2UnaryCall } from './unary-call.ts';

export class H2Exchange implements Interruptible {
  readonly received: unknown[] = [];
  readonly sent = 1;
  readonly done: Promise<Settled>;
  private readonly call: H2UnaryCall;

  constructor(conn: H2Connection, method: GrpcMethod, body: Buffer, headers: OutgoingHttpHeaders, timeoutMs: number) {
    let settle!: (s: Settled) => void;
    this.done = new Promise((resolve) => {
      settle = resolve;
    });
    this.call = new H2UnaryCall(conn, method, body, headers, timeoutMs, (status, metadata, trailers, response) => {
      if (response !== undefined) this.received.push(response);
      settle({ status, metadata, trailers });
    });
  }

  interrupt(): void {
    this.call.cancel();
  }
}
