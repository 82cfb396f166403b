/**
 * The bundled demo target (`loadsmith demo-server`): a small REST API shaped like the one in k6's
 * "load testing REST APIs" guide, so users can try Loadsmith with no setup. Plain node:http, fixed
 * bodies pre-serialised, so it takes thousands of requests per second without becoming the story.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as h from './handlers.ts';
import type { Handler } from './handlers.ts';
import { lookup, LOOKUP_PREFIX } from './lookup/http-lookup.ts';
import { BodyTooLargeError, MAX_BODY_BYTES, sendError, splitTarget } from './http-util.ts';
import { DemoState } from './state.ts';
import { attachDemoWebSocket } from './websocket.ts';

/** A running demo server. */
export interface DemoServer {
  /** Base URL without trailing slash, e.g. "http://127.0.0.1:3000". */
  url: string;
  port: number;
  /** Stops listening and closes every connection, including ones waiting on /slow. */
  close(): Promise<void>;
}

/** Options of {@link startDemoServer}. */
export interface DemoServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default "127.0.0.1": the demo is for the local machine unless asked otherwise. */
  host?: string;
  /** The lookup's backend delay in ms (GET /lookup/phone/:phone); default 0. */
  lookupDelayMs?: number;
  /** Receives one line per request ("GET /health 200 0.3ms"); omit for no logging. */
  log?: (line: string) => void;
}

type Methods = Partial<Record<string, Handler>>;

const EXACT = new Map<string, Methods>([
  ['/', { GET: h.home }],
  ['/health', { GET: h.health }],
  ['/v3/auth/login', { POST: h.login }],
  ['/v3/users', { GET: h.listUsers }],
  ['/v3/organizations', { POST: h.createOrganization }],
  ['/slow', { GET: h.slow }],
  ['/flaky', { GET: h.flaky }],
]);

/** Routes with one trailing path parameter, e.g. /v3/users/:id. */
const PREFIXED: Array<[string, Methods]> = [
  ['/v3/users/', { GET: h.getUser }],
  ['/v3/organizations/', { GET: h.getOrganization }],
  [LOOKUP_PREFIX, { GET: lookup }],
  ['/status/', { GET: h.status, POST: h.status, PUT: h.status, PATCH: h.status, DELETE: h.status }],
];

const AUTH_REQUIRED = "authentication required: send 'Authorization: Token <token>' (get one from POST /v3/auth/login)";
const AUTH_SCHEME = /^(?:Token|Bearer)\s+(\S+)\s*$/i;

function route(path: string): { methods: Methods; param: string } | undefined {
  const exact = EXACT.get(path);
  if (exact) return { methods: exact, param: '' };
  for (const [prefix, methods] of PREFIXED) {
    if (path.startsWith(prefix) && path.length > prefix.length && !path.includes('/', prefix.length)) {
      return { methods, param: decodeURIComponent(path.slice(prefix.length)) };
    }
  }
  return undefined;
}

/** Everything under /v3 except login needs a token (header) or the session cookie. */
function isAuthenticated(req: IncomingMessage, state: DemoState): boolean {
  const auth = req.headers.authorization;
  if (auth !== undefined) {
    const m = AUTH_SCHEME.exec(auth);
    if (m?.[1] !== undefined && state.isValidToken(m[1])) return true;
  }
  const cookie = req.headers.cookie;
  if (cookie === undefined) return false;
  for (const part of cookie.split(';')) {
    const pair = part.trim();
    if (pair.startsWith('session=') && state.isValidToken(pair.slice('session='.length))) return true;
  }
  return false;
}

async function handle(req: IncomingMessage, res: ServerResponse, state: DemoState): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    sendError(res, 413, `request body too large: the demo server accepts at most ${MAX_BODY_BYTES} bytes`, {
      connection: 'close',
    });
    return;
  }
  const { path, query } = splitTarget(req.url ?? '/');
  let found: ReturnType<typeof route>;
  try {
    found = route(path);
  } catch {
    found = undefined; // malformed percent-encoding in the parameter
  }
  if (found === undefined) {
    sendError(res, 404, `no route for ${path}: GET / lists the endpoints`);
    return;
  }
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const handler = found.methods[method];
  if (handler === undefined) {
    const allow = Object.keys(found.methods).join(', ');
    sendError(res, 405, `method ${req.method} not allowed on ${path}: use ${allow}`, { allow });
    return;
  }
  if (path.startsWith('/v3/') && path !== '/v3/auth/login' && !isAuthenticated(req, state)) {
    sendError(res, 401, AUTH_REQUIRED, { 'www-authenticate': 'Token' });
    return;
  }
  await handler({ req, res, path, query, param: found.param, state });
}

function onError(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
  } else if (err instanceof BodyTooLargeError) {
    sendError(res, 413, err.message, { connection: 'close' });
  } else {
    sendError(res, 500, `demo server error: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function formatUrl(host: string, port: number): string {
  // A wildcard bind is reachable on loopback; an IPv6 literal needs brackets in a URL.
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Starts the demo server on 127.0.0.1 (host overridable); port 0 (default) picks a free port. */
export function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const host = opts.host ?? '127.0.0.1';
  const { log } = opts;
  const state = new DemoState();
  state.lookupDelayMs = opts.lookupDelayMs ?? 0;
  const server = createServer((req, res) => {
    if (log) {
      const t0 = performance.now();
      res.once('finish', () =>
        log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - t0).toFixed(1)}ms`),
      );
    }
    handle(req, res, state).catch((err: unknown) => onError(res, err));
  });
  const ws = attachDemoWebSocket(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: formatUrl(host, port),
        port,
        close: () =>
          new Promise<void>((done) => {
            ws.close();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
