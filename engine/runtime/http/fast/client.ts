/**
 * The fast HTTP/1.1 client: keep-alive connections on net/tls sockets, request heads written as undici writes
 * them (same bytes, so data_sent and headBytes mean the same), responses parsed by ./parser.ts. It handles the
 * common case only; anything unusual goes to the undici dispatcher it is given (`fallback`): https origins when
 * HTTP/2 may be negotiated, URLs with credentials, headers undici treats specially or refuses, odd paths.
 */
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import type { LazyAgent } from '../lazy-agent.ts';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import type { ExchangeResult, ExchangeSpec } from '../types.ts';
import { TOKEN } from './head.ts';
import { Pool } from './pool.ts';
import { FastExchange } from './request.ts';

export interface FastClientOptions {
  /** Connections per origin. */
  connections: number;
  connectTimeoutMs: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining; 1: none). */
  pipelining?: number;
  /** Idle connections are closed after this long (default IDLE_TIMEOUT_MS, 4 s). */
  idleTimeoutMs?: number;
  /** Request heads kept as bytes (default CACHED_HEADS); the others are written from their header list each time. */
  cachedHeads?: number;
  /** TLS options for https origins; undefined: https goes to the fallback (HTTP/2 may be negotiated there). */
  tls: TlsOptions | undefined;
  fallback: Dispatcher | LazyAgent;
}

/** Header names undici handles itself or refuses: such requests take the fallback. */
const SPECIAL = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect']);
const SPECIAL_LENGTHS = new Set([...SPECIAL].map((n) => n.length));
/** What undici refuses in a header value and in a path (it throws; the fallback reports that as the error). */
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const BAD_PATH = /[^\u0021-\u00ff]/;
/** Header names and methods already checked (they repeat: the same strings request after request). */
const TOKENS = new Set<string>();
function isToken(s: string): boolean {
  if (TOKENS.has(s)) return true;
  if (!TOKEN.test(s)) return false;
  if (TOKENS.size < 10_000) TOKENS.add(s);
  return true;
}
/** Methods undici always sends a content-length for (0 without a body). */
const EXPECTS_PAYLOAD = new Set(['PUT', 'POST', 'PATCH', 'QUERY', 'PROPFIND', 'PROPPATCH']);
const SWEEP_MS = 50;

interface Origin {
  pool: Pool;
  hostLine: string;
}

/**
 * Request heads kept as bytes, per client (a worker's). A head is made once per step (per VU for steps whose
 * headers differ by VU) and written request after request. A recording's head is ~700 bytes, ~900 with its Buffer:
 * 9 MB a worker for 10,000 steps, in every worker. Past this many, a step's head is written from its header list
 * each time (~0.3 µs more a request).
 */
export const CACHED_HEADS = 1000;

/**
 * A request head as undici writes it, checked once for its header list: `wire` the whole head of a body-less request,
 * its first `textLength` bytes the head up to the last header line, which a request with a body copies (`bodyWire`).
 * Past CACHED_HEADS, `wire` is undefined and the head is made from its header list for each request (headText).
 * No string of it is kept: a recording's step builds its head once and keeps it, and the text cost ~130 bytes and
 * more a step and worker.
 */
interface Head {
  path: string;
  method: string;
  keepAlive: boolean;
  origin: Origin;
  textLength: number;
  /** The Host line: the origin's, or the user's Host header, which is then at `hostAt` in the list (else -1). */
  hostLine: string;
  hostAt: number;
  wire: Buffer | undefined;
  /** The whole head of a request with a body of `bodyLength` bytes (kept while the length does not change). */
  bodyWire: Buffer | undefined;
  bodyLength: number;
}

/**
 * The head of `spec` (as bytes when `keep`), or undefined when undici must send it (a header it treats specially, or
 * one it refuses).
 */
function buildHead(spec: ExchangeSpec, origin: Origin, keep: boolean): Head | undefined {
  const { path, method, headers } = spec;
  if (path.charCodeAt(0) !== 0x2f || BAD_PATH.test(path) || !isToken(method)) return undefined;
  let hostLine = origin.hostLine;
  let hostAt = -1;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    const value = headers[i + 1]!;
    if (!isToken(name) || BAD_VALUE.test(value)) return undefined;
    if (SPECIAL_LENGTHS.has(name.length) || name.length === 4) {
      const lower = name.toLowerCase();
      if (SPECIAL.has(lower)) return undefined;
      if (lower === 'host') {
        if (hostAt >= 0) return undefined; // two Host headers: undici refuses the request
        hostLine = `host: ${value}\r\n`;
        hostAt = i;
      }
    }
  }
  const head: Head = {
    path,
    method,
    keepAlive: spec.keepAlive,
    origin,
    textLength: 0,
    hostLine,
    hostAt,
    wire: undefined,
    bodyWire: undefined,
    bodyLength: -1,
  };
  const text = headText(head, headers);
  head.textLength = text.length;
  if (keep) head.wire = Buffer.from(`${text}\r\n`, 'latin1');
  return head;
}

/** The head's text up to its last header line, from its (checked) header list. */
function headText(head: Head, headers: readonly string[]): string {
  let text = `${head.method} ${head.path} HTTP/1.1\r\n${head.hostLine}${head.keepAlive ? 'connection: keep-alive\r\n' : 'connection: close\r\n'}`;
  for (let i = 0; i < headers.length; i += 2) if (i !== head.hostAt) text += `${headers[i]!}: ${headers[i + 1]!}\r\n`;
  return text;
}

/**
 * `head` with a Cookie header after its last header line, as undici writes a cookie that ends the header list (and
 * the content-length of a request with a body: `length`, -1 without). Made per request: a head per VU and step,
 * cached, cost ~400 bytes each (80 MB a worker for 20 VUs with a session cookie on a 10,000-step recording). A
 * string, written as latin1: a Buffer per request would be memory outside the heap, kept until the next full
 * collection (~30 MB of it in a worker).
 */
function withCookie(text: string, cookie: string, length: number): string {
  return length < 0
    ? `${text}cookie: ${cookie}\r\n\r\n`
    : `${text}cookie: ${cookie}\r\ncontent-length: ${length}\r\n\r\n`;
}

export class FastClient {
  readonly fallback: Dispatcher | LazyAgent;
  private readonly o: FastClientOptions;
  private readonly origins = new Map<string, Origin | null>();
  private readonly heads = new WeakMap<readonly string[], Head>();
  /** Heads made as bytes so far (CACHED_HEADS). */
  private kept = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(o: FastClientOptions) {
    this.o = o;
    this.fallback = o.fallback;
  }

  /** Starts the exchange, or returns undefined when this request should go to `fallback` instead. */
  exchange(spec: ExchangeSpec, onStart?: (x: FastExchange) => void): Promise<ExchangeResult> | undefined {
    if (this.closed) return undefined; // the (destroyed) fallback reports it
    const origin = this.origin(spec.origin);
    if (origin === null) return undefined;
    // Steps whose headers did not change pass the same array again (vu/render.ts): their head is built once.
    // A request's own header array (a redirect hop's, a step rendered afresh) would only fill the cache with heads
    // nothing asks for again, and count against CACHED_HEADS.
    const once = spec.headersOnce === true;
    let head = once ? undefined : this.heads.get(spec.headers);
    if (
      head === undefined ||
      head.path !== spec.path ||
      head.method !== spec.method ||
      head.keepAlive !== spec.keepAlive ||
      head.origin !== origin
    ) {
      head = buildHead(spec, origin, !once && this.kept < (this.o.cachedHeads ?? CACHED_HEADS));
      if (head === undefined) return undefined;
      if (!once) {
        if (head.wire !== undefined) this.kept++;
        this.heads.set(spec.headers, head);
      }
    }
    const body = spec.body;
    const length = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    const payload = length > 0 || EXPECTS_PAYLOAD.has(spec.method);
    const cookie = spec.cookie;
    let wire: string | Buffer;
    let headBytes = head.textLength;
    if (cookie !== undefined) {
      if (BAD_VALUE.test(cookie)) return undefined;
      const text = head.wire?.toString('latin1', 0, head.textLength) ?? headText(head, spec.headers);
      wire = withCookie(text, cookie, payload ? length : -1);
      headBytes += cookie.length + 10; // `cookie: ${cookie}\r\n`, one byte a character (latin1: BAD_VALUE)
    } else if (head.wire === undefined) {
      const text = headText(head, spec.headers);
      wire = payload ? `${text}content-length: ${length}\r\n\r\n` : `${text}\r\n`;
    } else if (!payload) wire = head.wire;
    else {
      if (head.bodyWire === undefined || head.bodyLength !== length) {
        const line = `content-length: ${length}\r\n\r\n`;
        const bodyWire = Buffer.allocUnsafe(head.textLength + line.length);
        head.wire.copy(bodyWire, 0, 0, head.textLength);
        bodyWire.write(line, head.textLength, 'latin1');
        head.bodyWire = bodyWire;
        head.bodyLength = length;
        // A POST (PUT...) always sends a content-length: its head without one is never written, only copied from,
        // and the new one starts with the same bytes (a recording's POST kept both, ~500 bytes a step and worker).
        if (EXPECTS_PAYLOAD.has(spec.method)) head.wire = bodyWire;
      }
      wire = head.bodyWire;
    }
    return new Promise<ExchangeResult>((resolve) => {
      const x = new FastExchange(spec, headBytes, wire, length > 0 ? body : null, length, resolve);
      onStart?.(x);
      if (x.finished) return; // interrupted by onStart
      this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
      try {
        origin.pool.acquire(x);
      } catch (e) {
        x.fail(e as Error, 0);
      } // e.g. a port net.connect refuses
    });
  }

  /** Request heads kept as bytes (tests). */
  get keptHeads(): number {
    return this.kept;
  }

  /** Open connections to an origin (tests). */
  connectionsTo(origin: string): number {
    return this.origins.get(origin)?.pool.size ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    const pools = [...this.origins.values()];
    this.origins.clear();
    await Promise.all([...pools.map((o) => o?.pool.destroy()), this.fallback.destroy().catch(() => undefined)]);
  }

  private sweep(): void {
    const now = performance.now();
    for (const o of this.origins.values()) o?.pool.sweep(now);
  }

  private origin(key: string): Origin | null {
    let o = this.origins.get(key);
    if (o !== undefined) return o;
    o = null;
    let u: URL | undefined;
    try {
      u = new URL(key);
    } catch {
      /* the fallback reports it */
    }
    const https = u?.protocol === 'https:';
    if (
      u !== undefined &&
      (u.protocol === 'http:' || (https && this.o.tls !== undefined)) &&
      u.username === '' &&
      u.password === '' &&
      u.pathname === '/'
    ) {
      const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
      const port = Number(u.port || (https ? 443 : 80));
      const tls = https
        ? {
            ...this.o.tls,
            ...(this.o.tls?.servername === undefined && !/^[\d.]+$|:/.test(host) ? { servername: host } : {}),
          }
        : undefined;
      o = {
        pool: new Pool(
          { host, port, tls },
          this.o.connections,
          this.o.connectTimeoutMs,
          this.o.pipelining ?? 1,
          this.o.idleTimeoutMs,
        ),
        hostLine: `host: ${u.hostname}${u.port ? `:${u.port}` : ''}\r\n`,
      };
    }
    this.origins.set(key, o);
    return o;
  }
}
