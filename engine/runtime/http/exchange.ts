/**
 * One HTTP exchange over undici's low-level dispatch API, timed into k6's phases:
 *   blocked   = dispatch -> request start on a socket (queueing, connecting, TLS)
 *   looking_up, connecting, tls_handshaking = for the first request on a new socket, its DNS, TCP and TLS times
 *   sending   = request start -> request fully written
 *   waiting   = written -> first response byte
 *   receiving = first byte -> end of body
 *   duration  = sending + waiting + receiving
 * The body is kept only when a check or extraction needs it, up to a size cap; bytes are always counted.
 * Plain HTTP/1.1 usually goes through the fast client (fast/client.ts), which measures the same phases.
 */
import { performance } from 'node:perf_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { Dispatcher } from 'undici';
import { CONNECT_TIMING, type TimedSocket } from './connect-timing.ts';
import { IDEMPOTENT } from './idempotent.ts';
import { ExchangeState } from './exchange-state.ts';
import { FastClient } from './fast/client.ts';
import { LazyAgent } from './lazy-agent.ts';
import type { HttpClient } from './dispatchers.ts';
import { unwatch, watch, type Expiring } from './deadlines.ts';
import { timeoutError } from './timeout.ts';
import { WIRE, type MeteredSocket, type WireMeter } from './wire.ts';
import type { ExchangeResult, ExchangeSpec, Interruptible, ResponseHeaders } from './types.ts';

/**
 * undici calls onRequestStart and then, synchronously in the same call, publishes the request head and its
 * socket on this channel: that is how an exchange learns its socket (connect timing) and its exact head size.
 * undici-diagnostics.test.ts fails if a new undici publishes it later.
 */
let starting: Exchange | undefined;
subscribe('undici:client:sendHeaders', (message) => {
  const x = starting;
  starting = undefined;
  if (x) {
    const { socket, headers } = message as { socket: TimedSocket; headers: string };
    x.adopt(socket, headers.length);
  }
});

type Controller = Dispatcher.DispatchController;

/** Tracks one in-flight exchange; `interrupt()` ends it at once (hard stop), `expire()` at its timeout. */
export class Exchange extends ExchangeState implements Expiring {
  private readonly resolve: (r: ExchangeResult) => void;
  private readonly origin: string;
  private controller: Controller | undefined;
  private abandoned = false;
  private rawHeaderBytes = 0;
  private received = 0;
  private headBytes = 0;
  private h2 = false;
  /** The connection's byte counters (our connector meters every socket it opens). */
  private meter: WireMeter | undefined;
  private readonly method: string;
  private readonly bodyLength: number;

  constructor(spec: ExchangeSpec, resolve: (r: ExchangeResult) => void) {
    super(spec);
    this.resolve = resolve;
    this.origin = spec.origin;
    this.method = spec.method;
    const body = spec.body;
    this.bodyLength = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  }

  interrupt(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    // Finish first: abort() calls onResponseError synchronously, which must not count as a transport error.
    this.finish(undefined, true);
    this.controller?.abort(new Error('interrupted'));
  }

  /** The request timeout ran out (deadlines.ts): a timeout error now, wherever the request is. One still queued in
   * undici is aborted when it reaches a connection (onRequestStart); its VU does not wait for that. */
  expire(): void {
    if (this.abandoned || this.done) return;
    this.abandoned = true;
    const err = timeoutError(this, `no connection to ${this.origin} was ready (being opened, or all in use)`);
    this.finish(err, false);
    this.controller?.abort(err);
  }

  onRequestStart(controller: Controller): void {
    this.controller = controller;
    if (this.abandoned) {
      controller.abort(new Error('interrupted'));
      return;
    }
    // A retried request (undici retries idempotent requests on a stale keep-alive socket) restarts the clock.
    this.tStart = performance.now();
    this.tSent = 0;
    // Handed to the sendHeaders subscriber, which undici calls next, synchronously (see `starting`).
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    starting = this;
  }

  /** @internal the socket this request is written on, and the size of its head. */
  adopt(socket: TimedSocket, headBytes: number): void {
    this.headBytes = headBytes;
    this.h2 = (socket as { alpnProtocol?: unknown }).alpnProtocol === 'h2';
    this.meter = (socket as MeteredSocket)[WIRE];
    const t = socket[CONNECT_TIMING];
    // Only a connection opened while this request waited counts for it (not one opened earlier for another).
    if (t && !t.claimed && t.startedAt >= this.t0) {
      t.claimed = true;
      this.lookup = t.lookupUs;
      this.connecting = t.connectingUs;
      this.tls = t.tlsUs;
    }
  }

  onRequestSent(): void {
    this.tSent = performance.now();
  }

  onResponseStarted(): void {
    if (this.tFirst === 0) this.tFirst = performance.now();
  }

  onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string): void {
    if (statusCode < 200) return; // 1xx informational: the real response follows
    this.status = statusCode;
    this.headers = headers;
    this.rawHeaderBytes = headerBytes(controller.rawHeaders, statusMessage);
  }

  onResponseData(_controller: Controller, chunk: Buffer): void {
    this.received += chunk.length;
    if (this.wants(chunk.length)) this.keep(chunk);
  }

  onResponseEnd(): void {
    this.finish(undefined, false);
  }

  onResponseError(_controller: Controller, err: Error): void {
    this.finish(err, false);
  }

  private finish(err: Error | undefined, interrupted: boolean): void {
    if (this.done) return;
    unwatch(this);
    const m = this.meter;
    const sent = m !== undefined ? m.takeSent() : framedBytes(this.method, this.headBytes, this.bodyLength, this.h2);
    const received = m !== undefined ? m.takeReceived() : this.received + this.rawHeaderBytes;
    this.resolve(this.result(err, interrupted, received, sent, this.headBytes, this.h2));
  }
}

/** Methods undici always sends a content-length for (0 when there is no body). */
const EXPECTS_PAYLOAD = new Set(['PUT', 'POST', 'PATCH', 'QUERY', 'PROPFIND', 'PROPPATCH']);

/**
 * Bytes written on a socket nobody metered, as undici frames HTTP/1.1: the head (exact, from the diagnostics
 * channel), then `content-length: N\r\n\r\n` and the body, or just `\r\n` when there is no body and the method
 * expects none. HTTP/2: the header block uncompressed and the body (an estimate; metered sockets count frames).
 */
function framedBytes(method: string, headBytes: number, len: number, h2: boolean): number {
  if (headBytes === 0) return 0; // never reached a socket (refused, DNS, ...)
  if (h2) return headBytes + len;
  if (len === 0 && !EXPECTS_PAYLOAD.has(method)) return headBytes + 2;
  return headBytes + 20 + String(len).length + len;
}

/** Size of the status line and headers as they came over the wire (HTTP/1.1 framing). */
function headerBytes(raw: unknown, statusMessage: string | undefined): number {
  let n = 15 + (statusMessage?.length ?? 0) + 2; // "HTTP/1.1 200 " + message + CRLF ... + final CRLF
  if (Array.isArray(raw)) for (let i = 0; i < raw.length; i++) n += (raw[i] as { length: number }).length + 2;
  return n;
}

/**
 * Starts an exchange: on the fast HTTP/1.1 client when given one and it takes the request (fast/client.ts),
 * else on undici (the fast client's fallback dispatcher, or the dispatcher given). An Agent not made yet is made
 * first (lazy-agent.ts), before the exchange and its timings start.
 */
export function exchange(
  dispatcher: HttpClient,
  spec: ExchangeSpec,
  onStart?: (x: Interruptible) => void,
): Promise<ExchangeResult> {
  if (dispatcher instanceof FastClient) {
    const fast = dispatcher.exchange(spec, onStart);
    if (fast !== undefined) return fast;
    dispatcher = dispatcher.fallback;
  }
  if (dispatcher instanceof LazyAgent) {
    if (dispatcher.agent === undefined) return dispatcher.ready().then((agent) => undiciExchange(agent, spec, onStart));
    dispatcher = dispatcher.agent;
  }
  return undiciExchange(dispatcher, spec, onStart);
}

/** The headers as sent: the step's, then the VU's cookie (ExchangeSpec.cookie), as undici and the trace see them. */
export function headersSent(headers: readonly string[], cookie: string | undefined): string[] {
  return cookie === undefined ? (headers as string[]) : [...headers, 'cookie', cookie];
}

function undiciExchange(
  dispatcher: Dispatcher,
  spec: ExchangeSpec,
  onStart?: (x: Exchange) => void,
): Promise<ExchangeResult> {
  return new Promise((resolve) => {
    const x = new Exchange(spec, resolve);
    if (spec.timeoutMs > 0) watch(x);
    onStart?.(x);
    try {
      dispatcher.dispatch(
        {
          origin: spec.origin,
          path: spec.path,
          method: spec.method as Dispatcher.HttpMethod,
          headers: headersSent(spec.headers, spec.cookie),
          body: spec.body,
          headersTimeout: spec.timeoutMs,
          bodyTimeout: spec.timeoutMs,
          reset: !spec.keepAlive,
          // undici pipelines nothing behind a "blocking" request (its default for all but HEAD): only the
          // non-idempotent ones block (RFC 9112 9.3.2). With pipelining 1 (Loadsmith's default) this changes nothing.
          blocking: !IDEMPOTENT.has(spec.method),
        },
        x,
      );
    } catch (e) {
      x.onResponseError(undefined as unknown as Controller, e as Error);
    }
  });
}
