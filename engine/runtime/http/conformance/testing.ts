/**
 * The HTTP conformance suite's clients and servers. Both clients are made as dispatchers.ts makes them for a run:
 * `fast` is the fast HTTP/1.1 client (protocol http1, with its undici fallback), `undici` an undici Agent over the
 * timed, metered connector (protocol auto: what https and HTTP/2 get). Each suite runs once per client
 * (`describe.each(CLIENTS)`) and expects the same results from both; what only one client does has its own file
 * (fast/fast-client.test.ts, fast/pipelining.test.ts, undici-*.test.ts).
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Agent } from 'undici';
import { afterEach, beforeEach, expect } from 'vitest';
import { createAgent, createClient, type HttpClient } from '../dispatchers.ts';
import { LazyAgent } from '../lazy-agent.ts';
import type { ConnectionProfile } from '../connection-profile.ts';
import { FastClient } from '../fast/client.ts';
import type { ExchangeResult, ExchangeSpec } from '../types.ts';

export const CLIENTS = ['fast', 'undici'] as const;
/** The fast client keeping no request head as bytes: each head written from its header list (CACHED_HEADS). */
export const UNCACHED = 'fast, heads made per request' as const;
export type ClientName = (typeof CLIENTS)[number] | typeof UNCACHED;

export interface ClientOptions {
  /** Connections per origin (default 100). */
  connections?: number;
  connectTimeoutMs?: number;
  /** TLS trust and the like; the protocol is the client's own. */
  profile?: Omit<Partial<ConnectionProfile>, 'protocol'>;
}

/** One client under test. */
export interface ClientUnderTest {
  readonly name: ClientName;
  readonly dispatcher: HttpClient;
  /** Requests the fast client handed to its undici fallback so far (undici: 0). */
  fallbacks(): number;
  /** Connections open to `origin` (undici: connected ones). */
  openConnections(origin: string): number;
  /** Closes every connection, failing what is in flight (as Dispatchers.close() at the end of a run). */
  close(): Promise<void>;
}

const counting = new WeakSet<Agent>();

export function makeClient(name: ClientName, o: ClientOptions = {}): ClientUnderTest {
  const sizes = { connections: o.connections ?? 100, connectTimeoutMs: o.connectTimeoutMs ?? 5000 };
  if (name === 'undici') {
    const agent = createAgent({ protocol: 'auto', insecure: false, ...o.profile }, sizes);
    return {
      name,
      dispatcher: agent,
      fallbacks: () => 0,
      openConnections: (origin) =>
        (agent.agent?.stats as Record<string, { connected: number } | undefined> | undefined)?.[origin]?.connected ?? 0,
      close: () => agent.destroy(),
    };
  }
  const chosen = process.env.LOADSMITH_HTTP_CLIENT;
  delete process.env.LOADSMITH_HTTP_CLIENT; // the fast row is the fast client, whatever the run's setting
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient(
      { protocol: 'http1', insecure: false, ...o.profile },
      { ...sizes, ...(name === UNCACHED ? { cachedHeads: 0 } : {}) },
    );
  } finally {
    if (chosen !== undefined) process.env.LOADSMITH_HTTP_CLIENT = chosen;
  }
  if (!(client instanceof FastClient)) throw new Error('createClient did not make the fast client for protocol http1');
  const fast = client;
  let handedOver = 0;
  // The fallback is an Agent made when first needed (lazy-agent.ts): its dispatch is counted from then on.
  const lazy = fast.fallback as LazyAgent;
  const ready = lazy.ready.bind(lazy);
  lazy.ready = async () => {
    const agent = await ready();
    if (!counting.has(agent)) {
      counting.add(agent);
      const dispatch = agent.dispatch.bind(agent);
      agent.dispatch = (opts, handler) => {
        handedOver++;
        return dispatch(opts, handler);
      };
    }
    return agent;
  };
  return {
    name,
    dispatcher: fast,
    fallbacks: () => handedOver,
    openConnections: (origin) => fast.connectionsTo(origin),
    close: () => fast.close(),
  };
}

/**
 * Runs `use` with a client of its own, closes it, and checks that the fast client handed none of its requests to
 * undici (the fast row must test the fast client).
 */
export async function withClient<T>(
  name: ClientName,
  o: ClientOptions,
  use: (c: ClientUnderTest) => Promise<T>,
): Promise<T> {
  const c = makeClient(name, o);
  let result: T;
  try {
    // undici's Agent is made when a request first needs it (lazy-agent.ts): made here, a test's first request is
    // timed as any later one is.
    if (c.dispatcher instanceof LazyAgent) await c.dispatcher.ready();
    result = await use(c);
  } finally {
    await c.close();
  }
  expect(c.fallbacks(), 'requests the fast client handed to undici').toBe(0);
  return result;
}

/** A client under test made afresh for each test and closed after it, with what the test expects of its fallback. */
export interface TestClient extends ClientUnderTest {
  /** The fast client is to hand `n` of this test's requests to undici (by default none: the fast row must test the
   * fast client). No effect on undici. */
  handsToUndici(n: number): void;
}

/** Registers beforeEach/afterEach for a client per test; call inside the describe it serves. */
export function useClient(name: ClientName, o: ClientOptions = {}): TestClient {
  let current: ClientUnderTest | undefined;
  let expected = 0;
  beforeEach(() => {
    current = makeClient(name, o);
    expected = 0;
  });
  afterEach(async () => {
    const c = current;
    current = undefined;
    await c?.close();
    expect(c?.fallbacks(), 'requests the fast client handed to undici').toBe(expected);
  });
  const now = (): ClientUnderTest => {
    if (current === undefined) throw new Error('useClient: no client outside a test');
    return current;
  };
  return {
    name,
    get dispatcher() {
      return now().dispatcher;
    },
    fallbacks: () => now().fallbacks(),
    openConnections: (origin) => now().openConnections(origin),
    close: () => now().close(),
    handsToUndici: (n) => {
      expected = name === 'undici' ? 0 : n;
    },
  };
}

/** A request with the suite's defaults (GET, no body, 5 s timeout, keep-alive, body kept up to 1 MB). */
export function request(origin: string, path: string, o: Partial<ExchangeSpec> = {}): ExchangeSpec {
  return {
    origin,
    path,
    method: 'GET',
    headers: [],
    body: null,
    timeoutMs: 5000,
    keepAlive: true,
    keepBody: true,
    maxBodySize: 1024 * 1024,
    ...o,
  };
}

/** Every phase a whole number of µs, none negative, and duration = sending + waiting + receiving (k6's). */
export function expectPhasesConsistent(r: ExchangeResult): void {
  for (const k of [
    'blocked',
    'connecting',
    'tls',
    'sending',
    'waiting',
    'receiving',
    'duration',
    'headBytes',
  ] as const) {
    expect(Number.isInteger(r[k]), k).toBe(true);
    expect(r[k], k).toBeGreaterThanOrEqual(0);
  }
  expect(r.duration).toBe(r.sending + r.waiting + r.receiving);
}

/**
 * undici hands a kept-alive socket back to its pool one event-loop turn after the response ended (setImmediate in
 * client-h1 onMessageComplete, for pipelining 1); a request sent before that opens another connection.
 */
export const socketFreed = (): Promise<void> => new Promise((r) => setImmediate(r));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One request as a RawServer read it. */
export interface RawRequest {
  head: string;
  body: Buffer;
}

/** A TCP server on 127.0.0.1:0 that answers requests with whatever bytes a test writes. */
export interface RawServer {
  origin: string;
  /** Connections accepted since start or the last reset(). */
  connections: number;
  /** Requests read since start or the last reset(), in order: the head exactly as sent, and its body. */
  requests: RawRequest[];
  /** What the server does with the n-th request (0-based) read on socket `s`. */
  behave: (n: number, s: Socket, head: string) => void;
  /** Destroys every open socket (the client sees the close when its event loop next turns). */
  destroySockets(): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startRawServer(): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const CRLF2 = Buffer.from('\r\n\r\n');
  const raw: RawServer = {
    origin: '',
    connections: 0,
    requests: [],
    behave: () => undefined, // never answers, until a test says otherwise
    destroySockets: () => {
      for (const s of sockets) s.destroy();
    },
    reset: () => {
      raw.connections = 0;
      raw.requests = [];
    },
    close: () => {
      raw.destroySockets();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((s) => {
    raw.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    let n = 0;
    let buf = Buffer.alloc(0);
    s.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (let end = buf.indexOf(CRLF2); end >= 0; end = buf.indexOf(CRLF2)) {
        const head = buf.subarray(0, end + 4).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return; // the rest of the body is on its way
        raw.requests.push({ head, body: Buffer.from(buf.subarray(end + 4, end + 4 + length)) });
        buf = buf.subarray(end + 4 + length);
        raw.behave(n++, s, head);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  raw.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return raw;
}

/** A response with a body of its Content-Length. */
export const ok = (body = 'ok', extra = ''): string =>
  `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
