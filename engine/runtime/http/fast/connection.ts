/**
 * One HTTP/1.1 connection of the fast client: opens a TCP (or TLS) socket with connect timing, writes requests,
 * feeds what it reads to the response parser, and tells its pool after each response whether it can carry more.
 * Without pipelining (depth 1) one request is in flight at a time. With pipelining (depth > 1) up to `depth` are:
 * the responses come back in order, so the oldest is `current` (the parser's) and the others wait in `behind`;
 * requests written in the same event-loop turn leave in one write (the socket is corked until the next tick).
 * Plain sockets read into one buffer shared by the thread (no allocation per read).
 */
import { performance } from 'node:perf_hooks';
import { connect as netConnect, type Socket } from 'node:net';
import {
  connect as tlsConnect,
  createSecureContext,
  type SecureContext,
  type ConnectionOptions as TlsOptions,
} from 'node:tls';
import { HttpParseError, ResponseParser } from './parser.ts';
import { pipelinable } from '../idempotent.ts';
import { us } from '../micros.ts';
import { expired, timeoutError } from '../timeout.ts';
import { WireMeter } from '../wire.ts';
import type { Carrier, FastExchange, Opener } from './request.ts';

/** Where a pool connects to. */
export interface Endpoint {
  host: string;
  port: number;
  tls: TlsOptions | undefined;
  /** The last TLS session the origin gave: new connections resume it (a shorter handshake, as undici's session cache). */
  session?: Buffer;
  /** Made from `tls` by the first connection and shared by the others: building one (parsing a CA file) costs
   * a millisecond or more, which would otherwise be spent, and timed, before every connect. */
  secureContext?: SecureContext;
}

export interface ConnectionOwner {
  /** The connection can carry another request (keep-alive), or ended (`gone`). */
  released(c: Connection, gone: boolean): void;
  /** The exchange failed on a reused connection before any response byte: the owner may retry it once (first in
   * line). */
  retry(x: FastExchange, err: Error): boolean;
  /** A pipelined request the connection ended before answering (through no fault of its own): sent again first,
   * without using up its retry. */
  requeue(x: FastExchange): void;
}

const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
/** undici's keepAliveTimeoutThreshold and keepAliveMaxTimeout defaults. */
const KEEP_ALIVE_MARGIN_MS = 2000;
const MAX_IDLE_MS = 600_000;

export class Connection implements Carrier, Opener {
  readonly startedAt = performance.now();
  /** Connect timing, charged to the request that takes the connection when it connects (pool.ts). */
  lookupUs = 0;
  connectingUs = 0;
  tlsUs = 0;
  connected = false;
  /** The TCP connection is up (over TLS: the handshake may still be going on). */
  tcpUp = false;
  closed = false;
  /** The request the pool opened this connection for, while it waits: it is the first to take it. */
  openedFor: FastExchange | undefined;
  /** When the connection last became idle (performance.now()). */
  idleSince = 0;
  /** Requests written on this connection so far. */
  uses = 0;
  /** Requests written whose response has not ended (current and behind). */
  inFlight = 0;
  /** Another request may be written behind those in flight: all of them are idempotent and keep the connection. */
  pipelineOpen = true;
  /** How long the connection may stay idle (the server's Keep-Alive: timeout hint, as undici reads it), or -1. */
  idleLimitMs = -1;
  /** Listed in the pool's connections with room for another pipelined request. */
  listed = false;
  /** The request whose response is being read. */
  current: FastExchange | undefined;
  /** Pipelined requests written after current, oldest first. */
  private behind: FastExchange[] | undefined;
  /** Requests written while the socket is corked: their sent time is when the write leaves, at uncork. */
  private corked: FastExchange[] | undefined;
  private readonly depth: number;
  private readonly socket: Socket;
  /** TLS: the TCP socket's counters (data_sent and data_received count the records, as on the wire). */
  private readonly meter: WireMeter | undefined;
  private readonly parser = new ResponseParser();
  private readonly owner: ConnectionOwner;
  private readonly onConnected: (c: Connection, err: Error | undefined) => void;

  constructor(
    ep: Endpoint,
    owner: ConnectionOwner,
    onConnected: (c: Connection, err: Error | undefined) => void,
    depth = 1,
  ) {
    this.owner = owner;
    this.depth = depth;
    this.onConnected = onConnected;
    // Phases from the socket's own events: DNS until 'lookup'; TCP from the first connect system call
    // ('connectionAttempt', not from here: Node connects on a later tick) to 'connect'; TLS from there on.
    let lookupAt = 0;
    let attemptAt = 0;
    let tcpAt = 0;
    const done = (): void => {
      const end = performance.now();
      const tcp = tcpAt || end;
      this.lookupUs = lookupAt > 0 ? us(lookupAt - this.startedAt) : 0;
      this.connectingUs = us(tcp - (attemptAt || lookupAt || this.startedAt));
      this.tlsUs = ep.tls ? us(end - tcp) : 0;
      this.connected = true;
      this.onConnected(this, undefined);
    };
    let tcp: Socket;
    if (ep.tls) {
      ep.secureContext ??= createSecureContext(ep.tls);
      // TLS over a TCP socket of our own: its counters are the bytes on the wire (the TLS socket's are plaintext).
      tcp = netConnect({ host: ep.host, port: ep.port, noDelay: true });
      const tls = tlsConnect(
        {
          ...ep.tls,
          secureContext: ep.secureContext,
          socket: tcp,
          ALPNProtocols: ['http/1.1'],
          ...(ep.session ? { session: ep.session } : {}),
        },
        done,
      );
      tls.on('session', (s: Buffer) => {
        ep.session = s;
      });
      this.socket = tls;
      this.socket.on('data', (b: Buffer) => this.read(b, b.length));
      this.meter = new WireMeter(tcp);
    } else {
      tcp = this.socket = netConnect(
        {
          host: ep.host,
          port: ep.port,
          noDelay: true,
          onread: {
            buffer: READ_BUFFER,
            callback: (n: number, b: Uint8Array) => {
              this.read(b as Buffer, n);
              return true;
            },
          },
        },
        done,
      );
    }
    this.socket.setNoDelay(true);
    tcp.once('lookup', () => {
      lookupAt = performance.now();
    });
    tcp.once('connectionAttempt', () => {
      attemptAt = performance.now();
    });
    tcp.once('connect', () => {
      tcpAt = performance.now();
      this.tcpUp = true;
    });
    this.socket.on('error', (e) => this.gone(e));
    this.socket.on('end', () => this.gone(undefined));
    this.socket.on('close', () => this.gone(undefined));
  }

  /** Writes x's request; the response arrives through read(). */
  send(x: FastExchange): void {
    x.carrier = this;
    this.uses++;
    this.inFlight++;
    if (this.current === undefined) {
      this.current = x;
      this.parser.begin(x, x.headRequest);
    } else (this.behind ??= []).push(x);
    const s = this.socket;
    x.starting(performance.now());
    if (this.depth > 1) {
      if (!pipelinable(x)) this.pipelineOpen = false; // nothing behind it
      if (this.corked === undefined) {
        this.corked = [];
        s.cork();
        process.nextTick(uncork, this);
      }
      this.corked.push(x);
      this.write(x);
      return;
    }
    if (x.body === null) this.write(x);
    else {
      s.cork();
      this.write(x);
      s.uncork();
    }
    x.sent(performance.now());
  }

  /** The corked writes of this turn leave in one system call. */
  flush(): void {
    const list = this.corked!;
    this.corked = undefined;
    if (this.closed) return;
    this.socket.uncork();
    const now = performance.now();
    for (const x of list) if (!x.finished) x.sent(now);
  }

  private write(x: FastExchange): void {
    const s = this.socket;
    const wire = x.wire;
    if (typeof wire === 'string') s.write(wire, 'latin1');
    else s.write(wire);
    if (x.body !== null) s.write(x.body);
  }

  /** A request being read is dropped with its connection, unless requests are pipelined behind it: then its
   * response is read and ignored (as for one behind), so that theirs still come (a timeout ends a hung one). */
  abandon(x: FastExchange): void {
    if (this.current !== x || (this.behind !== undefined && this.behind.length > 0)) return;
    this.current = undefined;
    this.inFlight--;
    this.destroy();
  }

  /** Resolves once the socket is closed. */
  destroyed(): Promise<void> {
    if (this.socket.closed) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  /** Closes the connection; `err` is what a request waiting for it (or on it) fails with. */
  destroy(err?: Error): void {
    this.socket.destroy();
    this.gone(err);
  }

  /** A timeout: the exchange fails with `err` and the connection is dropped (its state is unknown). */
  timeout(err: Error): void {
    const x = this.current;
    this.current = undefined;
    if (x !== undefined) this.inFlight--;
    x?.fail(err, this.bytesOf(x));
    this.destroy();
  }

  /** The bytes received for x, ending its share of the connection (over TLS it also takes the bytes sent). */
  private bytesOf(x: FastExchange): number {
    const m = this.meter;
    if (m === undefined) return this.parser.bytes;
    x.sentOnWire = m.takeSent();
    return m.takeReceived();
  }

  /**
   * Ends the requests on this connection whose timeout ran out by `now`. The one being read takes the connection
   * with it (its state is unknown; those behind it are sent again elsewhere); one pipelined behind it fails where
   * it stands, and its response, if it comes, is read and ignored.
   */
  expire(now: number): void {
    const behind = this.behind;
    if (behind !== undefined)
      for (const x of behind) if (!x.finished && expired(x, now)) x.fail(timeoutError(x, ''), 0);
    const x = this.current;
    if (x !== undefined && expired(x, now)) this.timeout(timeoutError(x, ''));
  }

  private read(buf: Buffer, n: number): void {
    let x = this.current;
    if (x === undefined) {
      this.destroy();
      return;
    } // bytes nobody asked for: the connection is not usable
    const now = performance.now();
    x.firstByte(now);
    let at = 0;
    for (;;) {
      try {
        at = this.parser.execute(buf, at, n);
      } catch (e) {
        this.current = undefined;
        this.inFlight--;
        x.fail(e as Error, this.bytesOf(x));
        this.destroy();
        return;
      }
      if (!this.parser.idle) return;
      const next = this.behind?.shift();
      // More than this response and nothing pipelined: the server answered what was not asked; never reuse.
      this.complete(x, next, at === n || next !== undefined);
      if (at === n || next === undefined || this.current !== next) return;
      x = next;
      x.firstByte(now);
    }
  }

  /** x's response ended; `next` (pipelined behind it) is read from now on. */
  private complete(x: FastExchange, next: FastExchange | undefined, reusable: boolean): void {
    const bytes = this.bytesOf(x);
    let keep = reusable && x.spec.keepAlive && this.parser.keepAliveAfter;
    const hint = this.parser.keepAliveTimeoutMs;
    if (keep && hint >= 0) {
      // As undici: idle for at most the server's timeout minus 2 s (10 min at most); not reused when that is none.
      const limit = Math.min(hint - KEEP_ALIVE_MARGIN_MS, MAX_IDLE_MS);
      if (limit <= 0) keep = false;
      else this.idleLimitMs = limit;
    }
    this.inFlight--;
    if (!keep) {
      // The connection ends here: what was pipelined behind x is sent again elsewhere (gone() requeues it).
      if (next !== undefined) this.behind!.unshift(next);
      this.current = undefined;
      x.succeed(bytes);
      this.destroy();
      return;
    }
    this.current = next;
    if (next !== undefined) this.parser.begin(next, next.headRequest);
    else if (this.inFlight === 0) this.pipelineOpen = true;
    // Settled first, so that writing the next queued request is not counted in this one's receiving time.
    x.succeed(bytes);
    this.owner.released(this, false);
  }

  private gone(err: Error | undefined): void {
    const wasClosed = this.closed;
    this.closed = true; // first: a request retried below must not be written here again
    const x = this.current;
    const behind = this.behind;
    this.current = undefined;
    this.behind = undefined;
    this.inFlight = 0;
    // Pipelined requests not answered (all idempotent, none of them started): sent again first in line, in
    // order, with the head (if retried) in front of them.
    if (behind !== undefined) for (let i = behind.length - 1; i >= 0; i--) this.owner.requeue(behind[i]!);
    if (x !== undefined) {
      let failure = err;
      // A body read until the close ends here, also when the close comes as a reset (a server closing with requests
      // unread, as with pipelining, sends one): as for undici, what arrived is the response. Anything else unfinished
      // is an error.
      if (failure === undefined || (this.parser.untilClose && (failure as { code?: unknown }).code === 'ECONNRESET')) {
        failure = undefined;
        try {
          this.parser.eof();
        } catch (e) {
          failure = e as Error;
        }
      }
      if (failure === undefined) x.succeed(this.bytesOf(x));
      else if (!(this.uses > 1 && !this.parser.started && this.owner.retry(x, failure)))
        x.fail(failure, this.bytesOf(x));
    }
    if (wasClosed) return;
    if (!this.socket.destroyed) this.socket.destroy();
    if (!this.connected) this.onConnected(this, err ?? new HttpParseError('UND_ERR_SOCKET', 'other side closed'));
    else this.owner.released(this, true);
  }
}

function uncork(c: Connection): void {
  c.flush();
}
