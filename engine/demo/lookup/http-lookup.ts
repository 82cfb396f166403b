/**
 * The lookup over HTTP: `GET /lookup/phone/:phone` answers the record as JSON after the backend delay, on the demo
 * server's HTTP/1.1 port, on an HTTP/2 cleartext (h2c, prior knowledge) port of its own, as the study served it, and
 * on an HTTP/2 port over TLS with a self-signed certificate.
 */
import {
  createSecureServer,
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Handler } from '../handlers.ts';
import { PHONE, recordOf } from './records.ts';

export const LOOKUP_PREFIX = '/lookup/phone/';

interface Reply {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body: Buffer): unknown;
  once(event: 'close', f: () => void): unknown;
}

function answer(res: Reply, phone: string, delayMs: number): void {
  const send = (): void => {
    const ok = PHONE.test(phone);
    const body = Buffer.from(
      JSON.stringify(ok ? recordOf(phone) : { error: `phone ${JSON.stringify(phone)} is not 9 to 15 digits` }),
    );
    res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  };
  if (delayMs <= 0) {
    send();
    return;
  }
  const timer = setTimeout(send, delayMs);
  // A client that gives up (or a server shutting down) must not leave the timer behind.
  res.once('close', () => clearTimeout(timer));
}

/** The HTTP/1.1 route of the demo server. */
export const lookup: Handler = ({ res, param, state }) => {
  answer(res, param, state.lookupDelayMs);
};

export interface H2cLookup {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The lookup (and /health) over HTTP/2 on `host:port`: cleartext (h2c, prior knowledge), or over TLS with `tls`'s
 * certificate (ALPN h2 only, as the study's HTTP/2 needs).
 */
export function startH2cLookup(o: {
  port?: number;
  host?: string;
  delayMs?: number;
  tls?: { cert: string; key: string };
}): Promise<H2cLookup> {
  const host = o.host ?? '127.0.0.1';
  const handler = (req: Http2ServerRequest, res: Http2ServerResponse): void => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
      return;
    }
    if (req.method === 'GET' && path.startsWith(LOOKUP_PREFIX)) {
      answer(res, decodeURIComponent(path.slice(LOOKUP_PREFIX.length)), o.delayMs ?? 0);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: `no route for ${path}: this HTTP/2 port serves GET ${LOOKUP_PREFIX}:phone` }));
  };
  const server = o.tls ? createSecureServer({ cert: o.tls.cert, key: o.tls.key }, handler) : createServer(handler);
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.once('close', () => sessions.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `${o.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const s of sessions) s.destroy();
          }),
      });
    });
  });
}
