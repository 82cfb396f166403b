/**
 * One exchange of the fast client: the request head as written, the phase clock (same phases and rules as the
 * undici path in ../exchange.ts), the response as the parser delivers it, and the promise it settles once.
 */
import type { ExchangeResult, ExchangeSpec, ResponseHeaders } from '../types.ts';
import { ExchangeState } from '../exchange-state.ts';
import type { ParserSink } from './parser.ts';

/** What the exchange needs of the connection that carries it (connection.ts). */
export interface Carrier {
  /** Ends the exchange's use of its connection at once (hard stop, timeout). */
  abandon(x: FastExchange): void;
}

/**
 * A connection the pool is opening for the exchange while it waits (connection.ts): what the pool reaches through
 * the exchange. An interface, so that this file need not import connection.ts, which imports it.
 */
export interface Opener {
  /** The TCP connection is up (over TLS: the handshake may still be going on). */
  readonly tcpUp: boolean;
  /** The exchange it is being opened for, while that one waits. */
  openedFor: FastExchange | undefined;
  destroy(err?: Error): void;
}

export class FastExchange extends ExchangeState implements ParserSink {
  readonly spec: ExchangeSpec;
  /** Bytes of the head up to the last header line (undici's sendHeaders payload), and the whole head written. */
  readonly headBytes: number;
  readonly wire: string | Buffer;
  readonly body: Buffer | string | null;
  readonly headRequest: boolean;
  retries = 0;
  /** Bytes sent as the TLS connection counted them (wire.ts); -1: the head and body as written. */
  sentOnWire = -1;
  /** The connection it is written on; undefined while it waits for one (or once settled). */
  carrier: Carrier | undefined;
  /** The connection the pool opened for it while it waits (it takes that one first, as Go's and undici's pools). */
  opener: Opener | undefined;
  private readonly resolve: (r: ExchangeResult) => void;
  private written = false;
  /** The head and body as written: what data_sent counts on a plain connection. */
  private readonly wireLength: number;

  constructor(
    spec: ExchangeSpec,
    headBytes: number,
    wire: string | Buffer,
    body: Buffer | string | null,
    bodyLength: number,
    resolve: (r: ExchangeResult) => void,
  ) {
    super(spec);
    this.spec = spec;
    this.headBytes = headBytes;
    this.wire = wire;
    this.body = body;
    this.wireLength = wire.length + bodyLength;
    this.headRequest = spec.method === 'HEAD';
    this.resolve = resolve;
  }

  /** Waiting in the pool's queue for a connection (not written on one, not settled). */
  get queued(): boolean {
    return this.carrier === undefined && !this.done;
  }

  /** Called by the connection right before and after it writes the request. */
  starting(now: number): void {
    this.tStart = now;
    this.tSent = 0;
    this.tFirst = 0;
    this.written = true;
  }
  sent(now: number): void {
    this.tSent = now;
  }
  firstByte(now: number): void {
    if (this.tFirst === 0) this.tFirst = now;
  }

  onHead(status: number, headers: ResponseHeaders): void {
    this.status = status;
    this.headers = headers;
  }

  onBody(buf: Buffer, start: number, end: number): void {
    // Copied: the connection's read buffer is reused for the next read.
    if (this.wants(end - start)) this.keep(Buffer.from(buf.subarray(start, end)));
  }

  /** The parser's end of a response; the connection settles the exchange after deciding about reuse. */
  onComplete(): void {
    /* the connection calls succeed() */
  }

  /** Interrupt (hard stop): settles at once as interrupted; the carrier drops the connection. */
  interrupt(): void {
    if (this.done) return;
    const carrier = this.carrier; // settle() forgets it
    this.settle(undefined, true, 0);
    carrier?.abandon(this);
  }

  succeed(wireBytes: number): void {
    this.settle(undefined, false, wireBytes);
  }
  fail(err: Error, wireBytes: number): void {
    this.settle(err, false, wireBytes);
  }

  private settle(err: Error | undefined, interrupted: boolean, wireBytes: number): void {
    if (this.done) return;
    this.carrier = undefined;
    const sent = !this.written ? 0 : this.sentOnWire >= 0 ? this.sentOnWire : this.wireLength;
    this.resolve(this.result(err, interrupted, wireBytes, sent, this.written ? this.headBytes : 0, false));
  }
}
