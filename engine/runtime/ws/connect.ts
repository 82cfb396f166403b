/**
 * Opening a WebSocket: the handshake through `ws`, on a TCP socket of our own so that data_sent and data_received
 * count what crossed the wire (under TLS, the ciphertext: the TLS socket is wrapped around it), and with the
 * outcome said once: open (with the handshake's response), refused by the server (another status), or failed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import net, { type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import type WebSocket from 'ws';
import type { ClientOptions } from 'ws';
import { webSocketPackage } from '../protocol-packages.ts';
import type { WsTls } from './compile.ts';

export type Handshake =
  | { ok: true; status: 101; headers: IncomingHttpHeaders; connectingMs: number }
  | { ok: false; status: number; headers: IncomingHttpHeaders; error: unknown; connectingMs: number };

/** A socket being opened, with the TCP socket whose counters are the bytes on the wire. */
export interface Opening {
  ws: WebSocket;
  /** Settles once, when the handshake ends either way. */
  handshake: Promise<Handshake>;
  /** The TCP socket, once the connection was started. */
  tcp(): Socket | undefined;
}

export function openWebSocket(
  url: string,
  protocols: readonly string[],
  headers: Record<string, string>,
  t: WsTls,
): Opening {
  const secure = url.startsWith('wss:');
  let tcp: Socket | undefined;
  const createConnection = ((opts: tls.ConnectionOptions & net.TcpNetConnectOpts) => {
    tcp = net.connect({ host: opts.host as string, port: opts.port });
    if (!secure) return tcp;
    const host = opts.host ?? '';
    const servername = t.servername ?? (net.isIP(host) ? undefined : host);
    return tls.connect({ ...opts, socket: tcp, ...(servername === undefined ? {} : { servername }) });
  }) as unknown as ClientOptions['createConnection'];
  const options: ClientOptions = {
    headers,
    createConnection,
    perMessageDeflate: false,
    followRedirects: false,
    ...t,
  };
  const start = performance.now();
  const ws = new (webSocketPackage())(url, [...protocols], options);
  const handshake = new Promise<Handshake>((resolve) => {
    let upgrade: IncomingHttpHeaders = {};
    let status = 0;
    let headersOf: IncomingHttpHeaders = {};
    const ms = (): number => performance.now() - start;
    ws.once('upgrade', (res) => {
      upgrade = res.headers;
    });
    ws.once('open', () => resolve({ ok: true, status: 101, headers: upgrade, connectingMs: ms() }));
    ws.once('unexpected-response', (req, res) => {
      status = res.statusCode ?? 0;
      headersOf = res.headers;
      res.resume();
      req.destroy();
      resolve({
        ok: false,
        status,
        headers: headersOf,
        error: new Error(`the server answered the handshake with ${status} ${res.statusMessage ?? ''}`.trim()),
        connectingMs: ms(),
      });
    });
    ws.on('error', (error) => resolve({ ok: false, status, headers: headersOf, error, connectingMs: ms() }));
  });
  return { ws, handshake, tcp: () => tcp };
}
