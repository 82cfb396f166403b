/**
 * The connections of the fast client to one origin: at most `limit` of them. An idle one (last used first) takes a
 * request at once; otherwise the request joins one queue, and whichever connection is free first (one just
 * released, or one just opened) takes the request at its head, as undici does. A connection is opened per
 * queued request, but at most MAX_OPENING at a time: a burst (a cold start of the open model, a stall) would
 * otherwise open hundreds of connections that each cost more than waiting a fraction of a millisecond for a busy
 * one. A connection freed by a response is handed on in the same call (undici waits an event-loop turn).
 * Also enforces the connect timeout and the headers/body timeouts.
 */
import { Connection, type ConnectionOwner, type Endpoint } from './connection.ts';
import type { FastExchange } from './request.ts';

/** An idle connection freed less than this long ago is reused at once, without waiting an event-loop turn. */
const FRESH_MS = 1;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);
/** Connections being opened at once, per origin. */
export const MAX_OPENING = 128;

const codeError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

export class Pool implements ConnectionOwner {
  private readonly ep: Endpoint;
  private readonly limit: number;
  private readonly connectTimeoutMs: number;
  private readonly idle: Connection[] = [];
  /** FIFO of waiting requests from waitHead on (settled ones are skipped when reached). */
  private readonly waiting: FastExchange[] = [];
  private waitHead = 0;
  private readonly all = new Set<Connection>();
  private readonly opening = new Set<Connection>();
  private closing = false;

  constructor(ep: Endpoint, limit: number, connectTimeoutMs: number) {
    this.ep = ep;
    this.limit = limit;
    this.connectTimeoutMs = connectTimeoutMs;
  }

  acquire(x: FastExchange): void {
    if (this.closing) { x.fail(codeError('UND_ERR_CLOSED', 'The client is closed'), 0); return; }
    const idle = this.idle;
    while (idle.length > 0) {
      const c = idle.pop()!;
      if (c.closed) continue;
      // Freed by a response just now (the closed model's next request): use it at once. Idle for longer: the server
      // may have closed it meanwhile, so let the event loop deliver a pending FIN or reset first (as undici does).
      if (performance.now() - c.idleSince < FRESH_MS) c.send(x);
      else setImmediate(() => this.sendIfOpen(c, x));
      return;
    }
    this.waiting.push(x);
    this.openForWaiting();
  }

  private sendIfOpen(c: Connection, x: FastExchange): void {
    if (x.finished) { if (!c.closed) this.released(c, false); return; }
    if (c.closed) { this.acquire(x); return; }
    c.send(x);
  }

  released(c: Connection, gone: boolean): void {
    if (gone) {
      this.all.delete(c);
      this.opening.delete(c);
      const at = this.idle.indexOf(c);
      if (at >= 0) this.idle.splice(at, 1);
      this.openForWaiting();
      return;
    }
    const next = this.nextWaiting();
    if (next !== undefined) c.send(next);
    else { c.idleSince = performance.now(); this.idle.push(c); }
  }

  retry(x: FastExchange, _err: Error): boolean {
    if (x.retries > 0 || !IDEMPOTENT.has(x.spec.method) || x.finished) return false;
    x.retries++;
    this.acquire(x);
    return true;
  }

  /** Fails what has waited too long: connects (connect timeout), responses (headers or body timeout). */
  sweep(now: number): void {
    for (const c of this.opening) {
      // 0 means no timeout, as for undici.
      if (this.connectTimeoutMs > 0 && now - c.startedAt > this.connectTimeoutMs) {
        c.destroy(codeError('UND_ERR_CONNECT_TIMEOUT', `Connect Timeout Error (attempted address: ${this.ep.host}:${this.ep.port}, timeout: ${this.connectTimeoutMs}ms)`));
      }
    }
    for (const c of this.all) {
      const x = c.current;
      if (x === undefined || x.spec.timeoutMs <= 0) continue;
      // As undici: the whole head within the timeout from the request's write; then no pause in the body longer than it.
      if (!x.headReceived) {
        if (now - x.tSent > x.spec.timeoutMs) c.timeout(codeError('UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error'));
      } else if (now - x.lastActivity > x.spec.timeoutMs) c.timeout(codeError('UND_ERR_BODY_TIMEOUT', 'Body Timeout Error'));
    }
  }

  get size(): number { return this.all.size; }

  /** Closes every connection; resolves once their sockets are closed (a worker must not exit with one open). */
  destroy(): Promise<void> {
    this.closing = true;
    for (let x = this.nextWaiting(); x !== undefined; x = this.nextWaiting()) x.fail(codeError('UND_ERR_CLOSED', 'The client is closed'), 0);
    const closing = [...this.all].map((c) => c.destroyed());
    for (const c of [...this.all]) c.destroy();
    // Never hang a stopping worker on a socket that does not report its close.
    return Promise.race([Promise.all(closing).then(() => undefined), new Promise<void>((r) => setTimeout(r, 1000).unref())]);
  }

  /** Opens connections while requests wait that no connection being opened will serve (within the limits). */
  private openForWaiting(): void {
    if (this.closing) return;
    const q = this.waiting;
    while (this.waitHead < q.length && q[this.waitHead]!.finished) q[this.waitHead++] = undefined as unknown as FastExchange; // interrupted while queued
    while (this.all.size < this.limit && this.opening.size < MAX_OPENING && this.waitingCount() > this.opening.size) {
      const c = new Connection(this.ep, this, (conn, err) => this.connected(conn, err));
      this.all.add(c);
      this.opening.add(c);
    }
  }

  private connected(c: Connection, err: Error | undefined): void {
    this.opening.delete(c);
    if (err !== undefined) {
      this.all.delete(c);
      // The request that waited longest gets the failure (one per failed attempt, as each was opened for one).
      this.nextWaiting()?.fail(err, 0);
      this.openForWaiting();
      return;
    }
    const taker = this.nextWaiting();
    if (taker === undefined) { c.idleSince = performance.now(); this.idle.push(c); return; }
    // Only a connection opened while the request waited is charged to it.
    if (!c.claimed && c.startedAt >= taker.t0) {
      c.claimed = true;
      taker.lookup = c.lookupUs;
      taker.connecting = c.connectingUs;
      taker.tls = c.tlsUs;
    }
    c.send(taker);
    this.openForWaiting(); // the next wave, for requests still queued
  }

  private waitingCount(): number {
    return this.waiting.length - this.waitHead;
  }

  private nextWaiting(): FastExchange | undefined {
    const q = this.waiting;
    while (this.waitHead < q.length) {
      const x = q[this.waitHead]!;
      q[this.waitHead++] = undefined as unknown as FastExchange;
      if (this.waitHead > 1024 && this.waitHead * 2 > q.length) { q.splice(0, this.waitHead); this.waitHead = 0; }
      if (!x.finished) return x;
    }
    if (this.waitHead > 0) { q.length = 0; this.waitHead = 0; }
    return undefined;
  }
}
