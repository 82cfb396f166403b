/**
 * The connections of the fast client to one origin: at most `limit` of them. An idle one (last used first) takes a
 * request at once; otherwise the request joins one queue and a connection is opened for it, at most MAX_OPENING at
 * a time: a burst (a cold start of the open model, a stall) would otherwise open hundreds of connections that each
 * cost more than waiting a fraction of a millisecond for a busy one. A connection just opened goes to the request it
 * was opened for (as in Go's and undici's pools: a handshake that never finishes stalls only that request, which its
 * timeout ends), or, when that one was served meanwhile, to the head of the queue; a connection freed by a response
 * takes the head of the queue in the same call (undici waits an event-loop turn).
 * With pipelining (depth > 1) a connection takes up to `depth` requests before their responses arrive, and the
 * pool fills the connections it has before it opens another (as undici's pool): a burst of N requests opens about
 * N / depth connections. Only idempotent requests are pipelined; any other waits for a connection with nothing in
 * flight, and nothing is written behind it.
 * Also enforces the connect timeout and the request timeout (../timeout.ts) of the requests it holds.
 */
import { performance } from 'node:perf_hooks';
import { IDEMPOTENT, pipelinable } from '../idempotent.ts';
import { expired, timeoutError } from '../timeout.ts';
import { Connection, type ConnectionOwner, type Endpoint } from './connection.ts';
import type { FastExchange, Opener } from './request.ts';
import { WaitQueue } from './wait-queue.ts';

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
  private readonly waiting = new WaitQueue();
  private readonly all = new Set<Connection>();
  private readonly opening = new Set<Connection>();
  /** Connections being opened for a request that still waits for them (openForWaiting, unbind). */
  private covering = 0;
  /** openForWaiting() stopped at a limit with requests left that no connection is being opened for. */
  private starved = false;
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
    if (this.closing) {
      x.fail(codeError('UND_ERR_CLOSED', 'The client is closed'), 0);
      return;
    }
    // Pipelining: behind the requests of a busy connection, unless others wait already (they go first).
    if (
      this.depth > 1 &&
      this.room.length > 0 &&
      this.waiting.peek() === undefined &&
      pipelinable(x) &&
      this.pipeline(x)
    )
      return;
    const idle = this.idle;
    while (idle.length > 0) {
      const c = idle.pop()!;
      if (c.closed) continue;
      // Freed by a response just now (the closed model's next request): use it at once. Idle for longer: the server
      // may have closed it meanwhile, so let the event loop deliver a pending FIN or reset first (as undici does).
      if (performance.now() - c.idleSince < FRESH_MS) {
        this.send(c, x);
        this.listIfRoom(c);
      } else {
        this.deferred++;
        setImmediate(() => {
          this.deferred--;
          this.sendIfOpen(c, x);
        });
      }
      return;
    }
    if (first) this.waiting.unshift(x);
    else this.waiting.push(x);
    this.openForWaiting(x);
  }

  /** Writes x on c; a connection being opened for x is no longer waited for (another may take it). */
  private send(c: Connection, x: FastExchange): void {
    if (x.opener !== undefined) this.unbind(x.opener);
    c.send(x);
  }

  private sendIfOpen(c: Connection, x: FastExchange): void {
    if (x.finished) {
      if (!c.closed) this.released(c, false);
      return;
    }
    if (c.closed) {
      this.acquire(x);
      return;
    }
    this.send(c, x);
    if (this.depth > 1) this.fill(c); // requests that queued meanwhile, counting on this connection
  }

  /** Writes x behind the requests of the connection listed last that still has room; false when none has. */
  private pipeline(x: FastExchange): boolean {
    const room = this.room;
    while (room.length > 0) {
      const c = room[room.length - 1]!;
      if (c.closed || !c.pipelineOpen || c.inFlight === 0 || c.inFlight >= this.depth) {
        room.pop();
        c.listed = false;
        continue;
      }
      this.send(c, x);
      if (c.inFlight >= this.depth || !c.pipelineOpen) {
        room.pop();
        c.listed = false;
      }
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
      const at = this.idle.indexOf(c);
      if (at >= 0) this.idle.splice(at, 1);
      if (this.starved) this.openForWaiting();
      return;
    }
    if (this.depth > 1) {
      this.fill(c);
      return;
    }
    const next = this.waiting.shift();
    if (next !== undefined) this.send(c, next);
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
      const next = this.waiting.peek();
      if (next === undefined || (c.inFlight > 0 && !pipelinable(next))) break;
      this.waiting.shift();
      this.send(c, next);
    }
    if (c.closed) return;
    if (c.inFlight === 0) this.park(c);
    else this.listIfRoom(c);
  }

  requeue(x: FastExchange): void {
    x.carrier = undefined;
    if (!x.finished) this.acquire(x, true);
  }

  retry(x: FastExchange, _err: Error): boolean {
    if (x.retries > 0 || !IDEMPOTENT.has(x.spec.method) || x.finished) return false;
    x.retries++;
    x.carrier = undefined;
    this.acquire(x, true);
    return true;
  }

  /** Fails what has waited too long: requests past their timeout wherever they are (queued, connecting, written,
   * being read), connects past the connect timeout; closes connections idle for longer than the idle timeout. */
  sweep(now: number): void {
    if (this.idle.length > 0)
      for (const c of this.idle.filter(
        (i) => now - i.idleSince > (i.idleLimitMs >= 0 ? i.idleLimitMs : this.idleTimeoutMs),
      ))
        c.destroy();
    if (this.waiting.size > 0)
      this.waiting.each(
        (x) => expired(x, now),
        (x) => this.expireWaiting(x),
      );
    for (const c of this.opening) {
      // 0 means no timeout, as for undici.
      if (this.connectTimeoutMs > 0 && now - c.startedAt > this.connectTimeoutMs) {
        c.destroy(
          codeError(
            'UND_ERR_CONNECT_TIMEOUT',
            `Connect Timeout Error (attempted address: ${this.ep.host}:${this.ep.port}, timeout: ${this.connectTimeoutMs}ms)`,
          ),
        );
      }
    }
    for (const c of this.all) c.expire(now);
  }

  /** x ran out of time before it got a connection: fails it saying why, and closes the connection being opened for it. */
  private expireWaiting(x: FastExchange): void {
    const at = `${this.ep.host}:${this.ep.port}`;
    const c = x.opener;
    const why =
      c !== undefined
        ? c.tcpUp
          ? `the TLS handshake with ${at} did not finish`
          : `connecting to ${at} did not finish`
        : `all ${this.all.size} connections to ${at} were in use or being opened (at most ${this.limit})`;
    x.fail(timeoutError(x, why), 0);
    if (c !== undefined) {
      this.unbind(c);
      // Slower to open than a whole request timeout: stuck. Closed, so that it holds no place under the limit
      // (with pipelining it may still be opening for the requests queued with x: the connect timeout decides).
      if (this.depth === 1)
        c.destroy(codeError('UND_ERR_CONNECT_TIMEOUT', `no connection within the request timeout (${x.timeoutMs}ms)`));
    }
  }

  get size(): number {
    return this.all.size;
  }

  /** Closes every connection; resolves once their sockets are closed (a worker must not exit with one open). */
  destroy(): Promise<void> {
    this.closing = true;
    for (let x = this.waiting.shift(); x !== undefined; x = this.waiting.shift())
      x.fail(codeError('UND_ERR_CLOSED', 'The client is closed'), 0);
    const closing = [...this.all].map((c) => c.destroyed());
    for (const c of [...this.all]) c.destroy();
    // Never hang a stopping worker on a socket that does not report its close.
    return Promise.race([
      Promise.all(closing).then(() => undefined),
      new Promise<void>((r) => setTimeout(r, 1000).unref()),
    ]);
  }

  /**
   * Opens connections while requests wait that no connection being opened will serve (within the limits), each
   * for one of them (`hint` first: the request just queued). With pipelining one covers `depth` requests.
   */
  private openForWaiting(hint?: FastExchange): void {
    // One at a time, a request just queued is the only one without a connection coming, unless some were left
    // without one at a limit (`starved`): then the queue is searched for them too.
    const only = this.depth === 1 && !this.starved ? hint : undefined;
    this.starved = false;
    if (this.closing) return;
    this.waiting.peek(); // drops requests settled while queued, so that they are not counted
    const waiting = this.waiting.size - this.deferred * (this.depth - 1);
    while (waiting > this.covering * this.depth) {
      const x = hint !== undefined && hint.queued && hint.opener === undefined ? hint : this.waiting.firstUncovered();
      hint = undefined;
      if (x === undefined) return;
      if (this.all.size >= this.limit || this.opening.size >= MAX_OPENING) {
        this.starved = true;
        return;
      }
      let c: Connection;
      try {
        c = new Connection(this.ep, this, (conn, err) => this.connected(conn, err), this.depth);
      } catch (e) {
        // options tls.connect refuses (a key that does not parse...): the request fails, not the worker
        x.fail(e as Error, 0);
        continue;
      }
      this.all.add(c);
      this.opening.add(c);
      c.openedFor = x;
      x.opener = c;
      this.covering++;
      if (x === only) return;
    }
  }

  /** c is no longer opened for a particular request (it connected, failed, or that request stopped waiting). */
  private unbind(c: Opener): void {
    const x = c.openedFor;
    if (x === undefined) return;
    c.openedFor = undefined;
    x.opener = undefined;
    this.covering--;
  }

  private connected(c: Connection, err: Error | undefined): void {
    this.opening.delete(c);
    const mine = c.openedFor?.queued === true ? c.openedFor : undefined; // (not one interrupted meanwhile)
    this.unbind(c);
    if (err !== undefined) {
      this.all.delete(c);
      mine?.fail(err, 0);
      // Pipelining: the requests it would have carried with its own (the oldest, but none that has its own
      // connection coming) fail with it, rather than each waiting for a connect timeout of its own.
      for (let n = mine === undefined ? this.depth : this.depth - 1; n > 0 && this.depth > 1; n--) {
        const x = this.waiting.peek();
        if (x === undefined || x.opener !== undefined) break;
        this.waiting.shift();
        x.fail(err, 0);
      }
      this.openForWaiting();
      return;
    }
    // Pipelining keeps the queue's order (requests sent again go first, in order): the head takes it.
    const taker = (this.depth === 1 ? mine : undefined) ?? this.waiting.shift();
    if (taker === undefined) {
      this.park(c);
      return;
    }
    // Every new connection's DNS, TCP and TLS time is charged to the one request that waited for it and took it.
    taker.lookup = c.lookupUs;
    taker.connecting = c.connectingUs;
    taker.tls = c.tlsUs;
    this.send(c, taker);
    if (this.depth > 1) this.fill(c);
    if (this.starved || this.depth > 1) this.openForWaiting(); // the next wave, for requests still queued
  }
}
