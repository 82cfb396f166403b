/**
 * Connection phases (k6's http_req_looking_up, http_req_connecting and http_req_tls_handshaking): a connector that
 * stamps each new socket with its DNS lookup, TCP-connect and TLS-handshake times. The first request sent on that socket claims them
 * (see exchange.ts); later requests on a kept-alive socket report 0, as in k6.
 */
import { performance } from 'node:perf_hooks';
import { buildConnector } from 'undici';
import type { Socket } from 'node:net';
import { us } from './micros.ts';

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


/** `requireH2`: fail a TLS connection whose server did not choose HTTP/2 (protocol: http2), instead of falling back. */
export function timedConnector({ requireH2, ...options }: buildConnector.BuildOptions & { requireH2?: boolean; useH2c?: boolean }): buildConnector.connector {
  const connect = buildConnector(options);
  return (opts, callback) => {
    const startedAt = performance.now();
    let lookupAt = 0;
    let tcpAt = 0;
    const socket = connect(opts, (err, s) => {
      if (!err && s && requireH2 && opts.protocol === 'https:' && (s as { alpnProtocol?: unknown }).alpnProtocol !== 'h2') {
        s.destroy();
        (callback as (e: Error | null, socket: unknown) => void)(Object.assign(new Error(`${opts.hostname} does not offer HTTP/2 (ALPN chose ${String((s as { alpnProtocol?: unknown }).alpnProtocol || 'http/1.1')}); the plan asks for protocol: http2`), { code: 'ERR_HTTP2_NOT_OFFERED' }), null);
        return;
      }
      if (!err && s) {
        const end = performance.now();
        const tcp = tcpAt || end;
        const resolved = lookupAt || startedAt; // no 'lookup' event for an IP address: no DNS time
        (s as TimedSocket)[CONNECT_TIMING] = {
          startedAt,
          lookupUs: us(resolved - startedAt),
          connectingUs: us(tcp - resolved),
          tlsUs: opts.protocol === 'https:' ? us(end - tcp) : 0,
          claimed: false,
        };
      }
      (callback as (e: Error | null, socket: unknown) => void)(err, s);
    });
    // Sockets emit 'lookup' once DNS answered and 'connect' when TCP is up; for TLS the callback comes after the handshake.
    (socket as unknown as Socket).once('lookup', () => { lookupAt = performance.now(); });
    (socket as unknown as Socket).once('connect', () => { tcpAt = performance.now(); });
    return socket;
  };
}
