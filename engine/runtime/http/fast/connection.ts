/**
 * One HTTP/1.1 connection of the fast client: opens a TCP (or TLS) socket with connect timing, writes one request
 * at a time, feeds what it reads to the response parser, and tells its pool when it is free again or gone.
 * Plain sockets read into one buffer shared by the thread (no allocation per read).
 */
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions as TlsOptions } from 'node:tls';
import { HttpParseError, ResponseParser } from './parser.ts';
import { us } from '../micros.ts';
import type { Carrier, FastExchange } from './request.ts';

/** Where a pool connects to. */
export interface Endpoint {
  host: string;
  port: number;
  tls: TlsOptions | undefined;
  /** The last TLS session the origin gave: new connections resume it (a shorter handshake, as undici's session cache). */
  session?: Buffer;
}

export interface ConnectionOwner {
  /** The connection can carry another request (keep-alive), or ended (`gone`). */
  released(c: Connection, gone: boolean): void;
  /** The exchange failed on a reused connection before any response byte: the owner may retry it once. */
  retry(x: FastExchange, err: Error): boolean;
}

const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export class Connection implements Carrier {
  readonly startedAt = performance.now();
  /** Connect timing, claimed by the first request that waited for this connection. */
  lookupUs = 0;
  connectingUs = 0;
  tlsUs = 0;
  claimed = false;
  connected = false;
  closed = false;
  /** When the connection last became idle (performance.now()). */
  idleSince = 0;
  /** Requests written on this connection so far. */
  uses = 0;
  current: FastExchange | undefined;
  private readonly socket: Socket;
  private readonly parser = new ResponseParser();
  private readonly owner: ConnectionOwner;
  private readonly onConnected: (c: Connection, err: Error | undefined) => void;
  private reuse = true;

  constructor(ep: Endpoint, owner: ConnectionOwner, onConnected: (c: Connection, err: Error | undefined) => void) {
    this.owner = owner;
    this.onConnected = onConnected;
    let lookupAt = 0;
    let tcpAt = 0;
    const done = (): void => {
      const end = performance.now();
      const resolved = lookupAt || this.startedAt;
      const tcp = tcpAt || end;
      this.lookupUs = us(resolved - this.startedAt);
      this.connectingUs = us(tcp - resolved);
      this.tlsUs = ep.tls ? us(end - tcp) : 0;
      this.connected = true;
      this.onConnected(this, undefined);
    };
    if (ep.tls) {
      const tls = tlsConnect({ ...ep.tls, host: ep.host, port: ep.port, ALPNProtocols: ['http/1.1'], ...(ep.session ? { session: ep.session } : {}) }, done);
      tls.on('session', (s: Buffer) => { ep.session = s; });
      this.socket = tls;
      this.socket.on('data', (b: Buffer) => this.read(b, b.length));
    } else {
      this.socket = netConnect({ host: ep.host, port: ep.port, noDelay: true, onread: { buffer: READ_BUFFER, callback: (n: number, b: Uint8Array) => { this.read(b as Buffer, n); return true; } } }, done);
    }
    this.socket.setNoDelay(true);
    this.socket.once('lookup', () => { lookupAt = performance.now(); });
    this.socket.once('connect', () => { tcpAt = performance.now(); });
    this.socket.on('error', (e) => this.gone(e));
    this.socket.on('end', () => this.gone(undefined));
    this.socket.on('close', () => this.gone(undefined));
  }

  /** Writes x's request; the response arrives through read(). */
  send(x: FastExchange): void {
    this.current = x;
    x.carrier = this;
    this.uses++;
    this.reuse = x.spec.keepAlive;
    this.parser.begin(x, x.headRequest);
    const s = this.socket;
    x.starting(performance.now());
    const wire = x.wire;
    if (x.body === null) {
      if (typeof wire === 'string') s.write(wire, 'latin1');
      else s.write(wire);
    } else {
      s.cork();
      if (typeof wire === 'string') s.write(wire, 'latin1');
      else s.write(wire);
      s.write(x.body);
      s.uncork();
    }
    x.sent(performance.now());
  }

  abandon(x: FastExchange): void {
    if (this.current === x) { this.current = undefined; this.destroy(); }
  }

  /** Resolves once the socket is closed. */
  destroyed(): Promise<void> {
    if (this.socket.closed) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  /** Closes the connection; `err` is what a request waiting for it (or on it) fails with. */
  destroy(err?: Error): void {
    if (!this.closed) this.socket.destroy();
    this.gone(err);
  }

  /** A timeout: the exchange fails with `err` and the connection is dropped (its state is unknown). */
  timeout(err: Error): void {
    const x = this.current;
    this.current = undefined;
    x?.fail(err, this.parser.bytes);
    this.destroy();
  }

  private read(buf: Buffer, n: number): void {
    const x = this.current;
    if (x === undefined) { this.destroy(); return; } // bytes nobody asked for: the connection is not usable
    x.firstByte(performance.now());
    try {
      const at = this.parser.execute(buf, 0, n);
      if (this.parser.idle && at < n) this.reuse = false; // more than one response: never pipeline by accident
    } catch (e) {
      this.current = undefined;
      x.fail(e as Error, this.parser.bytes);
      this.destroy();
      return;
    }
    if (this.parser.idle) this.complete(x);
  }

  private complete(x: FastExchange): void {
    this.current = undefined;
    const keep = this.reuse && this.parser.keepAliveAfter;
    // Settled first, so that writing the next queued request is not counted in this one's receiving time.
    x.succeed(this.parser.bytes);
    if (keep) this.owner.released(this, false);
    else this.destroy();
  }

  private gone(err: Error | undefined): void {
    const x = this.current;
    if (x !== undefined) {
      this.current = undefined;
      let failure = err;
      if (failure === undefined) {
        // A body read until the close ends here; anything else unfinished is an error.
        try { this.parser.eof(); } catch (e) { failure = e as Error; }
      }
      if (failure === undefined) x.succeed(this.parser.bytes);
      else if (!(this.uses > 1 && !this.parser.started && this.owner.retry(x, failure))) x.fail(failure, this.parser.bytes);
    }
    if (this.closed) return;
    this.closed = true;
    if (!this.socket.destroyed) this.socket.destroy();
    if (!this.connected) this.onConnected(this, err ?? new HttpParseError('UND_ERR_SOCKET', 'other side closed'));
    else this.owner.released(this, true);
  }
}
