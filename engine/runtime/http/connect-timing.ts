/**
 * Connection phases (k6's http_req_looking_up, http_req_connecting and http_req_tls_handshaking): a connector that
 * stamps each new socket with its DNS lookup, TCP-connect and TLS-handshake times. The first request sent on that socket claims them
 * (see exchange.ts); later requests on a kept-alive socket report 0, as in k6. It also keeps the connect timeout
 * (on the deadlines ticker: undici's own one fires up to half a second late), and meters each socket's bytes on
 * the wire (wire.ts): TLS runs over a TCP socket of its own, whose counters are the ciphertext.
 */
import { performance } from 'node:perf_hooks';
import { createSecureContext, type SecureContext } from 'node:tls';
import type { buildConnector } from 'undici';
import { connect as netConnect, type Socket } from 'node:net';
import { us } from './micros.ts';
import { unwatch, watch, type Expiring } from './deadlines.ts';
import { WIRE, WireMeter, type MeteredSocket } from './wire.ts';

/** undici's default connect timeout. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A socket being connected, until its connect timeout. */
class Connecting implements Expiring {
  readonly t0 = performance.now();
  readonly timeoutMs: number;
  private readonly socket: Socket;
  private readonly tcp: Socket;
  private readonly address: string;

  constructor(socket: Socket, tcp: Socket, timeoutMs: number, address: string) {
    this.socket = socket;
    this.tcp = tcp;
    this.timeoutMs = timeoutMs;
    this.address = address;
  }

  expire(): void {
    unwatch(this);
    this.socket.destroy(
      Object.assign(
        new Error(`Connect Timeout Error (attempted address: ${this.address}, timeout: ${this.timeoutMs}ms)`),
        { code: 'UND_ERR_CONNECT_TIMEOUT' },
      ),
    );
    this.tcp.destroy();
  }
}

export const CONNECT_TIMING = Symbol('loadsmith.connectTiming');

export interface ConnectTiming {
  /** performance.now() when connecting began. */
  startedAt: number;
  lookupUs: number;
  connectingUs: number;
  tlsUs: number;
  claimed: boolean;
}

export type TimedSocket = Socket & { [CONNECT_TIMING]?: ConnectTiming };

/**
 * `requireH2`: fail a TLS connection whose server did not choose HTTP/2 (protocol: http2), instead of falling back.
 * `build` is undici's buildConnector, passed in: undici is loaded only where a request needs it (lazy-agent.ts).
 */
export function timedConnector(
  build: typeof buildConnector,
  {
    requireH2,
    timeout = CONNECT_TIMEOUT_MS,
    ...options
  }: buildConnector.BuildOptions & { requireH2?: boolean; useH2c?: boolean },
): buildConnector.connector {
  const context = sharedContext(options);
  const connect = build({
    ...options,
    ...(context !== undefined ? { secureContext: context } : {}),
    timeout: 0,
  }) as (o: buildConnector.Options, cb: buildConnector.Callback) => Socket;
  return (opts, callback) => {
    const startedAt = performance.now();
    let lookupAt = 0;
    let attemptAt = 0;
    let tcpAt = 0;
    let pending: Connecting | undefined;
    const done = (err: Error | null, s: Socket | null): void => {
      if (pending !== undefined) unwatch(pending);
      const cb = callback as (e: Error | null, socket: unknown) => void;
      if (
        !err &&
        s &&
        requireH2 &&
        opts.protocol === 'https:' &&
        (s as { alpnProtocol?: unknown }).alpnProtocol !== 'h2'
      ) {
        s.destroy();
        cb(
          Object.assign(
            new Error(
              `${opts.hostname} does not offer HTTP/2 (ALPN chose ${String((s as { alpnProtocol?: unknown }).alpnProtocol || 'http/1.1')}); the plan asks for protocol: http2`,
            ),
            { code: 'ERR_HTTP2_NOT_OFFERED' },
          ),
          null,
        );
        return;
      }
      if (!err && s) {
        const end = performance.now();
        const tcp = tcpAt || end;
        (s as TimedSocket)[CONNECT_TIMING] = {
          startedAt,
          lookupUs: lookupAt > 0 ? us(lookupAt - startedAt) : 0, // no 'lookup' event for an IP address: no DNS time
          connectingUs: us(tcp - (attemptAt || lookupAt || startedAt)),
          tlsUs: opts.protocol === 'https:' ? us(end - tcp) : 0,
          claimed: false,
        };
      }
      cb(err, s);
    };
    // TLS over our own TCP socket (undici's proxy option, httpSocket): its counters are the bytes on the wire.
    const tcp =
      opts.protocol === 'https:'
        ? (opts.httpSocket ??
          netConnect({
            host: opts.hostname,
            port: Number(opts.port) || 443,
            ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
          }))
        : undefined;
    let socket: Socket;
    try {
      socket = connect(tcp !== undefined ? { ...opts, httpSocket: tcp } : opts, done as buildConnector.Callback);
    } catch (e) {
      tcp?.destroy();
      throw e;
    }
    // The socket's own events: 'lookup' once DNS answered, 'connectionAttempt' at the connect system call (Node
    // makes it a tick later, after whatever else this turn runs: not TCP time), 'connect' when TCP is up; for TLS
    // the callback comes after the handshake.
    const events = tcp ?? socket;
    events.once('lookup', () => {
      lookupAt = performance.now();
    });
    events.once('connectionAttempt', () => {
      attemptAt = performance.now();
    });
    events.once('connect', () => {
      tcpAt = performance.now();
    });
    (socket as MeteredSocket)[WIRE] = new WireMeter(events);
    if (timeout !== null && timeout > 0) {
      pending = new Connecting(
        socket,
        events,
        timeout,
        `${opts.hostname}:${opts.port || (opts.protocol === 'https:' ? 443 : 80)}`,
      );
      watch(pending);
    }
    return socket;
  };
}

/**
 * One TLS context for every connection of a connector: building one (parsing a CA file, a client key) costs a
 * millisecond or more, which tls.connect would otherwise spend before each connect. Undefined when the options do
 * not build one: tls.connect then says why, as each request's error.
 */
function sharedContext(options: buildConnector.BuildOptions): SecureContext | undefined {
  try {
    return createSecureContext(options as Parameters<typeof createSecureContext>[0]);
  } catch {
    return undefined;
  }
}
