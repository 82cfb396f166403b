/**
 * The lookup over gRPC (grpc-js), with the server reflection service when @grpc/reflection is installed. Metadata
 * lets a test or a demo ask for trouble: `x-fail-code: 5` ends a call with that status, `x-delay-ms: 200` waits
 * first (on top of the server's backend delay). Every call is counted by method, so tests can cross-check.
 */
import {
  loadPackageDefinition,
  Metadata,
  Server,
  ServerCredentials,
  status,
  type GrpcObject,
  type ServerDuplexStream,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceClientConstructor,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { fromJSON, type PackageDefinition } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { LOOKUP_PROTO } from './lookup-proto.ts';
import { nextPhone, PHONE, recordOf, type LookupRecord } from './records.ts';

export interface GrpcLookupOptions {
  port?: number;
  host?: string;
  /** The backend's time per lookup (the study's mock-lookup), in ms; default 0. */
  delayMs?: number;
  /** TLS instead of plaintext (PEM); `ca` asks clients for a certificate signed by it. */
  tls?: { cert: string; key: string; ca?: string };
  /** Serve reflection (default true; needs @grpc/reflection). */
  reflection?: boolean;
}

export interface GrpcLookup {
  port: number;
  /** Whether the reflection service is on. */
  reflection: boolean;
  /** Calls per method (Get, Watch, Collect, Chat) and messages received on streams. */
  counts: Record<string, number>;
  /** The client addresses calls came from: one per connection. */
  peers: Set<string>;
  close(): Promise<void>;
}

interface LookupRequest {
  phone: string;
  count: number;
}

export function lookupPackage(): PackageDefinition {
  const root = protobuf.parse(LOOKUP_PROTO, { keepCase: true }).root;
  return fromJSON(root.toJSON(), { keepCase: true, longs: String, enums: String, defaults: true });
}

const wait = (ms: number): Promise<void> => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

export async function startGrpcLookup(o: GrpcLookupOptions = {}): Promise<GrpcLookup> {
  const pkg = lookupPackage();
  const service = ((loadPackageDefinition(pkg).lookup as GrpcObject).Lookup as ServiceClientConstructor).service;
  const counts: Record<string, number> = { Get: 0, Watch: 0, Collect: 0, Chat: 0, streamed: 0 };
  const peers = new Set<string>();
  const delay = o.delayMs ?? 0;
  const trouble = async (md: Metadata): Promise<{ code: number; details: string } | undefined> => {
    await wait(delay + Number(md.get('x-delay-ms')[0] ?? 0));
    const code = Number(md.get('x-fail-code')[0] ?? 0);
    return code > 0 ? { code, details: `failed as asked (x-fail-code: ${code})` } : undefined;
  };
  const lookup = (req: LookupRequest): LookupRecord | { code: number; details: string } =>
    PHONE.test(req.phone)
      ? recordOf(req.phone)
      : { code: status.INVALID_ARGUMENT, details: `phone ${JSON.stringify(req.phone)} is not 9 to 15 digits` };

  const server = new Server();
  server.addService(service, {
    Get: async (call: ServerUnaryCall<LookupRequest, LookupRecord>, done: sendUnaryData<LookupRecord>) => {
      counts.Get!++;
      peers.add(call.getPeer());
      const bad = await trouble(call.metadata);
      if (bad) {
        done(bad);
        return;
      }
      const r = lookup(call.request);
      if ('code' in r) {
        done(r);
        return;
      }
      call.sendMetadata(withServer());
      done(null, r, trailer('x-records', '1'));
    },
    Watch: async (call: ServerWritableStream<LookupRequest, LookupRecord>) => {
      counts.Watch!++;
      peers.add(call.getPeer());
      const bad = await trouble(call.metadata);
      if (bad) {
        call.emit('error', bad);
        return;
      }
      const first = lookup(call.request);
      if ('code' in first) {
        call.emit('error', first);
        return;
      }
      const n = call.request.count > 0 ? call.request.count : 3;
      call.sendMetadata(withServer());
      for (let k = 0; k < n && !call.cancelled; k++) call.write(recordOf(nextPhone(call.request.phone, k)));
      call.end(trailer('x-records', String(n)));
    },
    Collect: async (call: ServerReadableStream<LookupRequest, unknown>, done: sendUnaryData<unknown>) => {
      counts.Collect!++;
      peers.add(call.getPeer());
      const records: LookupRecord[] = [];
      call.on('data', (req: LookupRequest) => {
        counts.streamed!++;
        const r = lookup(req);
        if (!('code' in r)) records.push(r);
      });
      call.on('end', () => {
        void trouble(call.metadata).then((bad) =>
          bad
            ? done(bad)
            : done(null, { records, count: records.length }, trailer('x-records', String(records.length))),
        );
      });
    },
    Chat: (call: ServerDuplexStream<LookupRequest, LookupRecord>) => {
      counts.Chat!++;
      peers.add(call.getPeer());
      call.sendMetadata(withServer());
      call.on('data', (req: LookupRequest) => {
        counts.streamed!++;
        const r = lookup(req);
        if (!('code' in r)) call.write(r);
      });
      call.on('end', () => call.end());
    },
  });
  let reflection = false;
  if (o.reflection !== false) reflection = await addReflection(server, pkg);
  const creds = o.tls
    ? ServerCredentials.createSsl(
        o.tls.ca ? Buffer.from(o.tls.ca) : null,
        [{ cert_chain: Buffer.from(o.tls.cert), private_key: Buffer.from(o.tls.key) }],
        o.tls.ca !== undefined,
      )
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${o.host ?? '127.0.0.1'}:${o.port ?? 0}`, creds, (err, p) => (err ? reject(err) : resolve(p)));
  });
  return {
    port,
    reflection,
    counts,
    peers,
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000).unref();
      }),
  };
}

function withServer(): Metadata {
  const md = new Metadata();
  md.set('x-server', 'loadsmith-demo');
  return md;
}

function trailer(key: string, value: string): Metadata {
  const md = new Metadata();
  md.set(key, value);
  return md;
}

async function addReflection(server: Server, pkg: PackageDefinition): Promise<boolean> {
  try {
    const { ReflectionService } = await import('@grpc/reflection');
    new ReflectionService(pkg).addToServer(server);
    return true;
  } catch {
    return false;
  }
}
