/**
 * gRPC channels per VU, as k6's client.connect(): each VU has its own connection to each target (a local subchannel
 * pool, so VUs do not share one HTTP/2 connection), reused for all its calls and closed with the worker's other
 * connections. Descriptors asked of a server by reflection are shared by the worker's VUs.
 */
import type { ChannelCredentials, ChannelOptions, Client } from '@grpc/grpc-js';
import { grpcPackages } from '../protocol-packages.ts';
import { createSecureContext, type SecureContext } from 'node:tls';
import type protobuf from 'protobufjs';
import type { Dispatchers } from '../http/dispatchers.ts';
import { reflectRoot } from './reflection.ts';
import { H2Connection, tlsOptions, type H2Endpoint } from './h2/connection.ts';

/** host:port (a name, an IPv4 address or a bracketed IPv6 one): what the HTTP/2 client connects to itself. */
const HOST_PORT = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s:/[\]]+):\d{1,5}$/;

/** How a step connects: plaintext, or TLS with these (files already read). */
export interface GrpcConnection {
  /** Steps with the same key share a VU's channel to a target. */
  key: string;
  plaintext: boolean;
  insecure: boolean;
  ca?: Buffer;
  cert?: Buffer;
  clientKey?: Buffer;
  passphrase?: string;
  servername?: string;
  minVersion?: 'TLSv1.2' | 'TLSv1.3';
}

export class GrpcChannels {
  private readonly byVu = new WeakMap<object, Map<string, Client>>();
  private readonly open = new Set<Client>();
  private readonly creds = new Map<string, { credentials: ChannelCredentials; options: ChannelOptions }>();
  private readonly reflected = new Map<string, Promise<protobuf.Root>>();
  private readonly h2ByVu = new WeakMap<object, Map<string, H2Connection | null>>();
  private readonly openH2 = new Set<H2Connection>();
  private readonly contexts = new Map<string, SecureContext>();
  private readonly h2Targets = new Map<string, boolean>();

  /**
   * A compiled step names its target (as written, with its connection settings) and whether it is a unary call
   * found in its protos. A VU has one connection per target, as k6: the HTTP/2 client makes a target's calls only
   * when every step calling it is such a call; a stream, or a method found by reflection, keeps grpc-js for all.
   */
  declare(transport: string, unary: boolean): void {
    this.h2Targets.set(transport, unary && this.h2Targets.get(transport) !== false);
  }

  /** Whether the unary calls of steps declared with `transport` go on the VU's HTTP/2 connection. */
  h2Allowed(transport: string): boolean {
    return this.h2Targets.get(transport) === true;
  }

  /**
   * The VU's HTTP/2 connection to `target` for its unary calls; undefined for a target the HTTP/2 client does not
   * take (grpc-js's other forms, e.g. `dns:///name:port`, `unix:path`): its calls go through grpc-js.
   */
  h2(vu: object, target: string, conn: GrpcConnection): H2Connection | undefined {
    let mine = this.h2ByVu.get(vu);
    if (mine === undefined) {
      mine = new Map();
      this.h2ByVu.set(vu, mine);
    }
    const id = `${target}\u0000${conn.key}`;
    let c = mine.get(id);
    if (c === undefined) {
      c = HOST_PORT.test(target) ? new H2Connection(this.endpointOf(target, conn)) : null;
      mine.set(id, c);
      if (c !== null) this.openH2.add(c);
    }
    return c ?? undefined;
  }

  /** The VU's client for `target` over `conn`, connected on first use. */
  client(vu: object, target: string, conn: GrpcConnection): Client {
    let mine = this.byVu.get(vu);
    if (mine === undefined) {
      mine = new Map();
      this.byVu.set(vu, mine);
    }
    const id = `${target}\u0000${conn.key}`;
    let c = mine.get(id);
    if (c === undefined) {
      const { credentials, options } = this.credentialsOf(conn);
      c = new (grpcPackages().grpc.Client)(target, credentials, options);
      mine.set(id, c);
      this.open.add(c);
    }
    return c;
  }

  /** The descriptors of `service` at `target`, asked once per worker (a failure is asked again next time). */
  reflect(
    client: Client,
    target: string,
    conn: GrpcConnection,
    service: string,
    deadlineMs: number,
  ): Promise<protobuf.Root> {
    const id = `${target}\u0000${conn.key}\u0000${service}`;
    let p = this.reflected.get(id);
    if (p === undefined) {
      p = reflectRoot(client, service, deadlineMs);
      this.reflected.set(id, p);
      p.catch(() => this.reflected.delete(id));
    }
    return p;
  }

  close(): void {
    for (const c of this.open) c.close();
    this.open.clear();
    for (const c of this.openH2) c.close();
    this.openH2.clear();
  }

  private credentialsOf(conn: GrpcConnection): { credentials: ChannelCredentials; options: ChannelOptions } {
    let made = this.creds.get(conn.key);
    if (made !== undefined) return made;
    // No channelz: nothing reads it here, and it costs grpc-js per call (timestamps, a tracker with four closures).
    const options: ChannelOptions = { 'grpc.use_local_subchannel_pool': 1, 'grpc.enable_channelz': 0 };
    let credentials: ChannelCredentials;
    const grpcCredentials = grpcPackages().grpc.credentials;
    if (conn.plaintext) credentials = grpcCredentials.createInsecure();
    else {
      const ctx = this.secureContextOf(conn);
      credentials = grpcCredentials.createFromSecureContext(
        ctx,
        conn.insecure ? { rejectUnauthorized: false, checkServerIdentity: () => undefined } : {},
      );
      if (conn.servername) options['grpc.ssl_target_name_override'] = conn.servername;
    }
    made = { credentials, options };
    this.creds.set(conn.key, made);
    return made;
  }

  private endpointOf(target: string, conn: GrpcConnection): H2Endpoint {
    if (conn.plaintext) return { authority: target, url: `http://${target}`, tls: undefined };
    return {
      authority: target,
      url: `https://${target}`,
      tls: tlsOptions(this.secureContextOf(conn), conn.insecure, conn.servername),
    };
  }

  /** The TLS context of a connection's settings, made once (a key that does not decrypt throws here). */
  private secureContextOf(conn: GrpcConnection): SecureContext {
    let ctx = this.contexts.get(conn.key);
    if (ctx === undefined) {
      ctx = createSecureContext({
        ...(conn.ca ? { ca: conn.ca } : {}),
        ...(conn.cert ? { cert: conn.cert } : {}),
        ...(conn.clientKey ? { key: conn.clientKey } : {}),
        ...(conn.passphrase !== undefined ? { passphrase: conn.passphrase } : {}),
        ...(conn.minVersion ? { minVersion: conn.minVersion } : {}),
      });
      this.contexts.set(conn.key, ctx);
    }
    return ctx;
  }
}

const byOwner = new WeakMap<Dispatchers, GrpcChannels>();
let unowned: GrpcChannels | undefined;

/** The channels of a worker (or setup, or Try it): closed when its HTTP connections are. */
export function channelsFor(owner: Dispatchers | undefined): GrpcChannels {
  if (owner === undefined) return (unowned ??= new GrpcChannels());
  let c = byOwner.get(owner);
  if (c === undefined) {
    const made = new GrpcChannels();
    owner.onClose(() => made.close());
    byOwner.set(owner, made);
    c = made;
  }
  return c;
}
