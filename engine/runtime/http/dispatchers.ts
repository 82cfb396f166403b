/**
 * The connections of a worker (or a designer call): one client for the plan's connection profile, and one undici
 * Agent more per distinct profile a request asks for (another protocol, CA, client certificate).
 * The plan's client is the fast HTTP/1.1 client (fast/client.ts) for plain HTTP (and for https with
 * protocol: http1), with an undici Agent behind it for everything else; HTTP/2 profiles use undici alone.
 * LOADSMITH_HTTP_CLIENT=undici turns the fast client off. defaults.http.pipelining applies to every HTTP/1.1
 * connection (the fast client's, and undici's for protocol http1). Each Agent's connections are opened by the timed
 * connector, which also carries the protocol choice (undici does not pass h2c to custom connectors). An Agent is
 * made, and undici loaded, only when a request needs it (lazy-agent.ts).
 */
import type { Dispatcher } from 'undici';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import type { ConnectionOptions, HttpOptions } from '../../plan/schema/index.ts';
import { timedConnector } from './connect-timing.ts';
import { profileKey, resolveProfile, type ConnectionProfile } from './connection-profile.ts';
import { FastClient } from './fast/client.ts';
import { LazyAgent } from './lazy-agent.ts';

/** What a request is sent with: the fast client (with its Agent behind it), an Agent alone, or (tests) any dispatcher. */
export type HttpClient = FastClient | LazyAgent | Dispatcher;

export interface DispatchersOptions {
  /** Connections per origin (a worker: its VUs x the widest batch). */
  connections: number;
  connectTimeoutMs: number;
  /** HTTP/1.1 requests in flight per connection (defaults.http.pipelining; 1: none). */
  pipelining?: number;
  files: ReadonlyMap<string, Buffer>;
  env: Readonly<Record<string, string | undefined>>;
}

export class Dispatchers {
  readonly default: HttpClient;
  private readonly byKey = new Map<string, HttpClient>();
  private readonly defaults: HttpOptions | undefined;
  private readonly o: DispatchersOptions;
  private readonly closing: (() => void)[] = [];

  constructor(defaults: HttpOptions | undefined, o: DispatchersOptions) {
    this.defaults = defaults;
    this.o = { ...o, pipelining: o.pipelining ?? defaults?.pipelining ?? 1 };
    o = this.o;
    const profile = resolveProfile(defaults, undefined, o.files, o.env);
    this.default = createClient(profile, o);
    this.byKey.set(profileKey(profile), this.default);
  }

  /** The dispatcher for a request's own connection options (the default one when they change nothing). */
  forRequest(own: ConnectionOptions | undefined): HttpClient {
    const profile = resolveProfile(this.defaults, own, this.o.files, this.o.env);
    const key = profileKey(profile);
    let client = this.byKey.get(key);
    if (!client) {
      client = createAgent(profile, this.o);
      this.byKey.set(key, client);
    }
    return client;
  }

  /** Other protocols' connections (gRPC channels) close with these. */
  onClose(f: () => void): void {
    this.closing.push(f);
  }

  async close(): Promise<void> {
    for (const f of this.closing.splice(0)) f();
    await Promise.all(
      [...this.byKey.values()].map((c) => (c instanceof FastClient ? c.close() : c.destroy().catch(() => undefined))),
    );
  }
}

/** The client for a profile: the fast HTTP/1.1 client in front of an undici Agent, or the Agent alone. */
type ClientOptions = Pick<DispatchersOptions, 'connections' | 'connectTimeoutMs' | 'pipelining'> & {
  /** Request heads the fast client keeps as bytes (FastClientOptions.cachedHeads; tests). */
  cachedHeads?: number;
};

export function createClient(p: ConnectionProfile, o: ClientOptions): HttpClient {
  const agent = createAgent(p, o);
  if (process.env.LOADSMITH_HTTP_CLIENT === 'undici' || p.protocol === 'http2' || p.protocol === 'h2c') return agent;
  // https with protocol auto may negotiate HTTP/2: undici does that; with protocol http1 the fast client speaks TLS.
  return new FastClient({
    connections: o.connections,
    connectTimeoutMs: o.connectTimeoutMs,
    pipelining: o.pipelining ?? 1,
    ...(o.cachedHeads !== undefined ? { cachedHeads: o.cachedHeads } : {}),
    tls: p.protocol === 'http1' ? tlsOptions(p) : undefined,
    fallback: agent,
  });
}

/** The TLS options of a profile, for the fast client's sockets and undici's connector alike. */
function tlsOptions(p: ConnectionProfile): TlsOptions {
  return {
    rejectUnauthorized: !p.insecure,
    ...(p.ca !== undefined ? { ca: p.ca } : {}),
    ...(p.cert !== undefined ? { cert: p.cert } : {}),
    ...(p.key !== undefined ? { key: p.key } : {}),
    ...(p.passphrase !== undefined ? { passphrase: p.passphrase } : {}),
    ...(p.servername !== undefined ? { servername: p.servername } : {}),
    ...(p.minVersion !== undefined ? { minVersion: p.minVersion } : {}),
  };
}

export function createAgent(p: ConnectionProfile, o: ClientOptions): LazyAgent {
  const h2 = p.protocol !== 'http1';
  return new LazyAgent(
    (u) =>
      new u.Agent({
        connections: o.connections,
        // undici's pipelining also caps HTTP/2 streams per connection, so it is raised only where HTTP/2 cannot be spoken.
        pipelining: h2 ? 1 : (o.pipelining ?? 1),
        allowH2: h2,
        connect: timedConnector(u.buildConnector, {
          allowH2: h2,
          // auto offers both and prefers HTTP/2, as browsers and k6 do; http2 refuses a server that picks HTTP/1.1.
          preferH2: h2,
          requireH2: p.protocol === 'http2',
          useH2c: p.protocol === 'h2c' || p.protocol === 'http2',
          timeout: o.connectTimeoutMs,
          ...tlsOptions(p),
        }),
      }),
  );
}
