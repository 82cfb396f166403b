/**
 * The connections of the fast client to one origin: at most `limit` of them. An idle one (last used first) takes a
 * request at once; otherwise the request joins one queue, and whichever connection is free first (one just
 * released, or one just opened) takes the request at its head, as undici does. A connection is opened per
 * queued request, but at most MAX_OPENING at a time: a burst (a cold start of the open model, a stall) would
 * otherwise open hundreds of connections that each cost more than waiting a fraction of a millisecond for a busy
 * one. A connection freed by a response is handed on in the same call (undici waits an event-loop turn).
 * With pipelining (depth > 1) a connection takes up to `depth` requests before their responses arrive, and the
 * pool fills the connections it has before it opens another (as undici's pool): a burst of N requests opens about
 * N / depth connections. Only idempotent requests are pipelined; any other waits for a connection with nothing in
 * flight, and nothing is written behind it.
 * Also enforces the connect timeout and the headers/body timeouts.
 */
import { performance } from 'node:perf_hooks';
import { IDEMPOTENT, pipelinable } from '../idempotent.ts';
import { Connection, type ConnectionOwner, type Endpoint } from './connection.ts';
import type { FastExchange } from './request.ts';

/** An idle connection freed less than this long ago is reused at once, without waiting an event-loop turn. */
const FRESH_MS = 1;
/** Idle connections are closed after this long, as undici does (4 s), before a server's own keep-alive timeout
 * (5 s in Node.js, Apache) can close one just as a request is written to it. */
export const IDLE_TIMEOUT_MS = 4000;
/** Connections being opened at once, per origin. */
export const MAX_OPENING = 128;

const codeError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

export class Pool implements ConnectionOwner {
  private readonly ep: Endpoint;
  private readonly limit: number;
  private readonly connectTimeoutMs: number;
  /** Requests in flight per connection at most (1: no pipelining). */
  private readonly depth: number;
  private readonly idle: Connection[] = [];
  /** Pipelining: connections with requests in flight and room for more (checked when taken; last listed first). */
  private readonly room: Connection[] = [];
  /** FIFO of waiting requests from waitHead on (settled ones are skipped when reached). */
  private readonly waiting: FastExchange[] = [];
  private waitHead = 0;
  private readonly all = new Set<Connection>();
  private readonly opening = new Set<Connection>();
  /** Idle connections given a request after one event-loop turn (see acquire): each can take depth - 1 more. */
  private deferred = 0;
  private closing = false;

  private readonly idleTimeoutMs: number;

  constructor(ep: Endpoint, limit: number, connectTimeoutMs: number, depth = 1, idleTimeoutMs = IDLE_TIMEOUT_MS) {
    this.ep = ep;
    this.limit = limit;
    this.connectTimeoutMs = connectTimeoutMs;
    this.depth = depth;
    this.idleTimeoutMs = idleTimeoutMs;
  }

  /** Sends x on a connection, or queues it (`first`: at the head of the queue). */
  acquire(x: FastExchange, first = false): void {
    if (this.closing) { x.fail(codeError('UND_ERR_CLOSED', 'The client is closed'), 0); return; }
    // Pipelining: behind the requests of a busy connection, unless others wait already (they go first).
    if (this.depth > 1 && this.room.length > 0 && this.waitingCount() === 0 && pipelinable(x) && this.pipeline(x)) return;
    const idle = this.idle;
    while (idle.length > 0) {
      const c = idle.pop()!;
      if (c.closed) continue;
      // Freed by a response just now (the closed model's next request): use it at once. Idle for longer: the server
      // may have closed it meanwhile, so let the event loop deliver a pending FIN or reset first (as undici does).
      if (performance.now() - c.idleSince < FRESH_MS) { c.send(x); this.listIfRoom(c); }
      else {
        this.deferred++;
        setImmediate(() => { this.deferred--; this.sendIfOpen(c, x); });
      }
      return;
    }
    if (!first) this.waiting.push(x);
    else if (this.waitHead > 0) this.waiting[--this.waitHead] = x;
    else this.waiting.unshift(x);
    this.openForWaiting();
  }

  private sendIfOpen(c: Connection, x: FastExchange): void {
    if (x.finished) { if (!c.closed) this.released(c, false); return; }
    if (c.closed) { this.acquire(x); return; }
    c.send(x);
    if (this.depth > 1) this.fill(c); // requests that queued meanwhile, counting on this connection
  }

  /** Writes x behind the requests of the connection listed last that still has room; false when none has. */
  private pipeline(x: FastExchange): boolean {
    const room = this.room;
    while (room.length > 0) {
      const c = room[room.length - 1]!;
      if (c.closed || !c.pipelineOpen || c.inFlight === 0 || c.inFlight >= this.depth) { room.pop(); c.listed = false; continue; }
      c.send(x);
      if (c.inFlight >= this.depth || !c.pipelineOpen) { room.pop(); c.listed = false; }
      return true;
    }
    return false;
  }

  /** Pipelining: lists a connection that has requests in flight and room for more. */
  private listIfRoom(c: Connection): void {
    if (this.depth > 1 && !c.listed && !c.closed && c.pipelineOpen && c.inFlight > 0 && c.inFlight < this.depth) {
      c.listed = true;
      this.room.push(c);
    }
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
    if (this.depth > 1) { this.fill(c); return; }
    const next = this.nextWaiting();
    if (next !== undefined) c.send(next);
    else this.park(c);
  }

  /** c has nothing in flight: idle from now. */
  private park(c: Connection): void {
    c.idleSince = performance.now();
    this.idle.push(c);
  }

  /** Pipelining: gives c waiting requests while it has room (FIFO; a request that cannot be pipelined waits for
   * c to have nothing in flight), then lists it as idle or as having room. */
  private fill(c: Connection): void {
    while (!c.closed && c.pipelineOpen && c.inFlight < this.depth) {
      const next = this.peekWaiting();
      if (next === undefined || (c.inFlight > 0 && !pipelinable(next))) break;
      this.nextWaiting();
      c.send(next);
    }
    if (c.closed) return;
    if (c.inFlight === 0) this.park(c);
    else this.listIfRoom(c);
  }

  requeue(x: FastExchange): void {
    if (!x.finished) this.acquire(x, true);
  }

  retry(x: FastExchange, _err: Error): boolean {
    if (x.retries > 0 || !IDEMPOTENT.has(x.spec.method) || x.finished) return false;
    x.retries++;
    this.acquire(x, true);
    return true;
  }

  /** Fails what has waited too long: connects (connect timeout), responses (headers or body timeout); closes
   * connections idle for longer than the idle timeout. */
  sweep(now: number): void {
    if (this.idle.length > 0) for (const c of this.idle.filter((i) => now - i.idleSince > (i.idleLimitMs >= 0 ? i.idleLimitMs : this.idleTimeoutMs))) c.destroy();
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
      if (x.tSent === 0) continue; // written this turn, still corked (pipelining)
      if (!x.headReceived) {
        if (now - x.headersFrom > x.spec.timeoutMs) c.timeout(codeError('UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error'));
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
    this.peekWaiting(); // drops requests interrupted while queued, so that they are not counted
    while (this.all.size < this.limit && this.opening.size < MAX_OPENING && this.waitingCount() > this.opening.size * this.depth + this.deferred * (this.depth - 1)) {
      const c = new Connection(this.ep, this, (conn, err) => this.connected(conn, err), this.depth);
      this.all.add(c);
      this.opening.add(c);
    }
  }

  private connected(c: Connection, err: Error | undefined): void {
    this.opening.delete(c);
    if (err !== undefined) {
      this.all.delete(c);
      // The requests that waited longest get the failure: as many as the connection was opened for.
      for (let i = 0; i < this.depth; i++) this.nextWaiting()?.fail(err, 0);
      this.openForWaiting();
      return;
    }
    const taker = this.nextWaiting();
    if (taker === undefined) { this.park(c); return; }
    // Only a connection opened while the request waited is charged to it.
    if (!c.claimed && c.startedAt >= taker.t0) {
      c.claimed = true;
      taker.lookup = c.lookupUs;
      taker.connecting = c.connectingUs;
      taker.tls = c.tlsUs;
    }
    c.send(taker);
    if (this.depth > 1) this.fill(c);
    this.openForWaiting(); // the next wave, for requests still queued
  }

  private waitingCount(): number {
    return this.waiting.length - this.waitHead;
  }

  /** The request nextWaiting() would return, left in the queue. */
  private peekWaiting(): FastExchange | undefined {
    const q = this.waiting;
    while (this.waitHead < q.length && q[this.waitHead]!.finished) q[this.waitHead++] = undefined as unknown as FastExchange;
    return this.waitHead < q.length ? q[this.waitHead] : undefined;
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
