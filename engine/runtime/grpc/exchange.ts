/**
 * One gRPC call on a channel, whatever its kind: the messages go out (already serialised), responses are collected
 * until the server ends the call or `maxMessages` arrive (then the call is cancelled and counts as OK: Loadsmith
 * ended it, as asked), and it settles with the status. Interruptible: a hard stop cancels it. A unary call is made
 * on the channel directly (unary.ts), streams through the Client's stream API.
 */
import type {
  Client,
  ClientDuplexStream,
  ClientReadableStream,
  ClientWritableStream,
  Metadata,
  StatusObject,
} from '@grpc/grpc-js';
import type { EventEmitter } from 'node:events';
import type { Interruptible } from '../http/types.ts';
import type { GrpcMethod } from './method.ts';
import { startUnary, type UnaryCall } from './unary.ts';

type StreamCall = ClientReadableStream<unknown> | ClientWritableStream<Buffer> | ClientDuplexStream<Buffer, unknown>;

export interface ExchangeLimits {
  timeoutMs: number;
  maxMessages: number;
}
export interface Settled {
  status: { code: number; details: string };
  /** The response's metadata (headers) and trailers, as grpc-js's `Metadata.getMap()` gives them. */
  metadata: Record<string, string | Buffer>;
  trailers: Record<string, string | Buffer>;
}

const raw = (b: Buffer): Buffer => b;
const CANCELLED = 1;

export class Exchange implements Interruptible {
  readonly received: unknown[] = [];
  readonly sent: number;
  readonly done: Promise<Settled>;
  private readonly call: UnaryCall | StreamCall;
  private metadata: Record<string, string | Buffer> = {};
  private limited = false;

  constructor(client: Client, method: GrpcMethod, messages: readonly Buffer[], md: Metadata, limits: ExchangeLimits) {
    const options = { deadline: Date.now() + limits.timeoutMs };
    if (method.rpcType === 'unary') {
      this.sent = 1;
      let settle!: (s: Settled) => void;
      this.done = new Promise((resolve) => {
        settle = resolve;
      });
      this.call = startUnary(
        client.getChannel(),
        method,
        messages[0] as Buffer,
        md,
        options.deadline,
        (status, metadata, response) => {
          if (response !== undefined) this.received.push(response);
          settle({ status, metadata, trailers: status.metadata.getMap() });
        },
      );
      return;
    }
    const keep = (err: unknown, value: unknown): void => {
      if (!err) this.received.push(value);
    };
    const { path, deserialize } = method;
    let call: StreamCall;
    switch (method.rpcType) {
      case 'server-stream':
        call = client.makeServerStreamRequest(path, raw, deserialize, messages[0] as Buffer, md, options);
        break;
      case 'client-stream':
        call = client.makeClientStreamRequest(path, raw, deserialize, md, options, keep);
        break;
      default:
        call = client.makeBidiStreamRequest(path, raw, deserialize, md, options);
    }
    this.call = call;
    const events = call as unknown as EventEmitter;
    this.sent = method.rpcType === 'server-stream' ? 1 : messages.length;
    if (method.rpcType === 'server-stream' || method.rpcType === 'bidi') {
      events.on('data', (v: unknown) => {
        if (this.limited) return;
        this.received.push(v);
        if (this.received.length >= limits.maxMessages) {
          this.limited = true;
          call.cancel();
        }
      });
    }
    // A stream emits 'error' for a status other than OK; the status event below is what counts.
    events.on('error', () => undefined);
    call.on('metadata', (m: Metadata) => {
      this.metadata = m.getMap();
    });
    this.done = new Promise((resolve) => {
      call.on('status', (s: StatusObject) => {
        const status =
          this.limited && s.code === CANCELLED
            ? { ...s, code: 0, details: `stopped after maxMessages (${limits.maxMessages})` }
            : s;
        resolve({ status, metadata: this.metadata, trailers: s.metadata.getMap() });
      });
    });
    if (method.rpcType === 'client-stream' || method.rpcType === 'bidi') {
      const w = call as ClientWritableStream<Buffer>;
      for (const m of messages) w.write(m);
      w.end();
    }
  }

  interrupt(): void {
    this.call.cancel();
  }
}
