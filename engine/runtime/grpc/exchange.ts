/**
 * One gRPC call on a channel, whatever its kind: the messages go out (already serialised), responses are collected
 * until the server ends the call or `maxMessages` arrive (then the call is cancelled and counts as OK: Loadsmith
 * ended it, as asked), and it settles with the status. Interruptible: a hard stop cancels it.
 */
import type {
  Client,
  ClientDuplexStream,
  ClientReadableStream,
  ClientUnaryCall,
  ClientWritableStream,
  Metadata,
  StatusObject,
} from '@grpc/grpc-js';
import type { EventEmitter } from 'node:events';
import type { Interruptible } from '../http/types.ts';
import type { GrpcMethod } from './method.ts';

type AnyCall =
  ClientUnaryCall | ClientReadableStream<unknown> | ClientWritableStream<Buffer> | ClientDuplexStream<Buffer, unknown>;

export interface ExchangeLimits {
  timeoutMs: number;
  maxMessages: number;
}
export interface Settled {
  status: StatusObject;
  metadata: Record<string, string | Buffer>;
}

const raw = (b: Buffer): Buffer => b;
const CANCELLED = 1;

export class Exchange implements Interruptible {
  readonly received: unknown[] = [];
  readonly sent: number;
  readonly done: Promise<Settled>;
  private readonly call: AnyCall;
  private metadata: Record<string, string | Buffer> = {};
  private limited = false;

  constructor(client: Client, method: GrpcMethod, messages: readonly Buffer[], md: Metadata, limits: ExchangeLimits) {
    const options = { deadline: Date.now() + limits.timeoutMs };
    const keep = (err: unknown, value: unknown): void => {
      if (!err) this.received.push(value);
    };
    const { path, deserialize } = method;
    switch (method.rpcType) {
      case 'unary':
        this.call = client.makeUnaryRequest(path, raw, deserialize, messages[0] as Buffer, md, options, keep);
        break;
      case 'server-stream':
        this.call = client.makeServerStreamRequest(path, raw, deserialize, messages[0] as Buffer, md, options);
        break;
      case 'client-stream':
        this.call = client.makeClientStreamRequest(path, raw, deserialize, md, options, keep);
        break;
      default:
        this.call = client.makeBidiStreamRequest(path, raw, deserialize, md, options);
    }
    const call = this.call;
    const events = call as unknown as EventEmitter;
    this.sent = method.rpcType === 'unary' || method.rpcType === 'server-stream' ? 1 : messages.length;
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
        resolve({ status, metadata: this.metadata });
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
