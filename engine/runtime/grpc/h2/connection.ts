/**
 * A VU's HTTP/2 connection to one gRPC target, for its unary calls: h2c with prior knowledge, or TLS with ALPN h2
 * and the step's CA, client certificate, servername and insecure option. Made before the first call is timed (as
 * k6's connect()), reused for every call, made again on the next call once the server sent GOAWAY or the connection
 * closed. A connection that could not be made is remembered: calls end UNAVAILABLE with its error, at once until the
 * next attempt, as grpc-js ends them.
 */
import type { ClientHttp2Session, SecureClientSessionOptions } from 'node:http2';
import { checkServerIdentity, type SecureContext } from 'node:tls';
import { startTimer, stopTimer } from '../../timers.ts';

/** How to reach the target: `http://host:port`, or `https://host:port` with the TLS options. */
export interface H2Endpoint {
  authority: string;
  url: string;
  tls: SecureClientSessionOptions | undefined;
}

/** TLS options for node:http2, from what a step's TLS settings made (as channels.ts makes them for grpc-js). */
export function tlsOptions(
  secureContext: SecureContext,
  insecure: boolean,
  servername: string | undefined,
): SecureClientSessionOptions {
  const o: SecureClientSessionOptions = { secureContext, ALPNProtocols: ['h2'] };
  if (servername !== undefined) {
    o.servername = servername;
    o.checkServerIdentity = (_host, cert) => checkServerIdentity(servername, cert);
  }
  if (insecure) {
    o.rejectUnauthorized = false;
    o.checkServerIdentity = () => undefined;
  }
  return o;
}

const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 120_000;

export class H2Connection {
  /** The open session, undefined before the first call and after it closed or was told to go away. */
  session: ClientHttp2Session | undefined;
  /** Why the last connection failed or dropped: the details of an UNAVAILABLE call. */
  lastError: Error | undefined;
  private connecting: Promise<void> | undefined;
  private opening: ClientHttp2Session | undefined;
  /** After a connection could not be made: no new attempt before this time (ms), calls end UNAVAILABLE at once. */
  private retryAt = 0;
  private backoffMs = FIRST_BACKOFF_MS;
  private readonly endpoint: H2Endpoint;

  constructor(endpoint: H2Endpoint) {
    this.endpoint = endpoint;
  }

  get authority(): string {
    return this.endpoint.authority;
  }

  get scheme(): 'http' | 'https' {
    return this.endpoint.tls === undefined ? 'http' : 'https';
  }

  /** Undefined when a session is open; else connects, resolving once connected or failed (at most `timeoutMs`). */
  ready(timeoutMs: number): Promise<void> | undefined {
    if (this.session !== undefined) return undefined;
    if (this.connecting === undefined && this.lastError !== undefined && Date.now() < this.retryAt) return undefined;
    return (this.connecting ??= this.open(timeoutMs));
  }

  private open(timeoutMs: number): Promise<void> {
    const { url, tls } = this.endpoint;
    // node:http2 loads with the first gRPC call, not with every worker (nghttp2.ts).
    const { connect } = process.getBuiltinModule('node:http2');
    const s = tls === undefined ? connect(url) : connect(url, tls);
    // Idle sessions do not keep the process alive; a call in flight holds its deadline timer.
    s.unref();
    this.opening = s;
    this.lastError = undefined;
    const forget = (): void => {
      if (this.session === s) this.session = undefined;
    };
    const failed = (e: Error): void => {
      this.lastError = e;
      forget();
    };
    s.on('error', failed);
    // A TLS alert after the handshake (a client certificate refused) errors the socket and destroys the session
    // without a session 'error' or 'close' event (Node 24): seen on the socket.
    // (s.socket is a proxy that throws once the session let go of the socket: listeners stay on.)
    const socket = s.socket;
    socket.on('error', failed);
    s.on('goaway', forget);
    s.on('close', forget);
    return new Promise<void>((resolve) => {
      let settled = false;
      const done = (): void => {
        if (settled) return;
        settled = true;
        stopTimer(timer);
        s.off('remoteSettings', onConnect);
        s.off('close', done);
        this.connecting = undefined;
        this.opening = undefined;
        if (this.session !== s) {
          // Not made: wait before the next attempt, as grpc-js backs off (1 s, then 1.6 times longer, up to 120 s).
          this.lastError ??= new Error('Connection closed before the server sent its HTTP/2 settings');
          this.retryAt = Date.now() + this.backoffMs;
          this.backoffMs = Math.min(this.backoffMs * 1.6, MAX_BACKOFF_MS);
        }
        resolve();
      };
      const onConnect = (): void => {
        this.session = s;
        this.backoffMs = FIRST_BACKOFF_MS;
        done();
      };
      const timer = startTimer(() => {
        this.lastError = new Error(`connection not made within ${timeoutMs} ms`);
        s.destroy();
        done();
      }, timeoutMs);
      // Ready once the server's SETTINGS arrived, as grpc-js: a TLS 1.3 server that refuses the client's certificate
      // does so after the handshake, before its SETTINGS, and the connection counts as not made.
      s.once('remoteSettings', onConnect);
      s.once('close', done);
      socket.once('error', done);
    });
  }

  close(): void {
    const s = this.session;
    this.session = undefined;
    s?.close();
    this.opening?.destroy();
  }
}
