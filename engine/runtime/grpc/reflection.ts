/**
 * Descriptors from the server's reflection service (grpc.reflection.v1, else v1alpha), as k6's `reflect: true`:
 * the file that declares the service, then every file it depends on, built into one root.
 */
import type { Client, ServiceError } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { grpcPackages } from '../protocol-packages.ts';

/**
 * The reflection messages, the fields Loadsmith uses (field numbers as in reflection.proto), and FileDescriptorProto:
 * made at the first reflection (protobufjs is loaded only for plans with gRPC steps).
 */
function makeTypes(): { Req: protobuf.Type; Res: protobuf.Type; FileProto: protobuf.Type } {
  const { protobuf: pb, descriptor } = grpcPackages();
  const reflection = pb.Root.fromJSON({
    nested: {
      Req: {
        fields: {
          host: { type: 'string', id: 1 },
          fileByFilename: { type: 'string', id: 3 },
          fileContainingSymbol: { type: 'string', id: 4 },
          listServices: { type: 'string', id: 7 },
        },
      },
      Res: {
        fields: {
          fileDescriptorResponse: { type: 'Files', id: 4 },
          listServicesResponse: { type: 'Services', id: 6 },
          errorResponse: { type: 'Err', id: 7 },
        },
      },
      Files: { fields: { fileDescriptorProto: { rule: 'repeated', type: 'bytes', id: 1 } } },
      Services: { fields: { service: { rule: 'repeated', type: 'Service', id: 1 } } },
      Service: { fields: { name: { type: 'string', id: 1 } } },
      Err: { fields: { errorCode: { type: 'int32', id: 1 }, errorMessage: { type: 'string', id: 2 } } },
    },
  });
  return {
    Req: reflection.lookupType('Req'),
    Res: reflection.lookupType('Res'),
    FileProto: (descriptor as unknown as { FileDescriptorProto: protobuf.Type }).FileDescriptorProto,
  };
}
let types: ReturnType<typeof makeTypes> | undefined;
const reflectionTypes = (): ReturnType<typeof makeTypes> => (types ??= makeTypes());

interface ReflectionRes {
  fileDescriptorResponse?: { fileDescriptorProto?: Uint8Array[] };
  listServicesResponse?: { service?: { name: string }[] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

/** Reflection failed (not offered, the symbol unknown): the message says what to do. */
export class ReflectionError extends Error {}

/** One request and its answer over a reflection stream of `version`. */
function ask(
  client: Client,
  version: 'v1' | 'v1alpha',
  req: Record<string, string>,
  deadlineMs: number,
): Promise<ReflectionRes> {
  const { Req, Res } = reflectionTypes();
  return new Promise((resolve, reject) => {
    const call = client.makeBidiStreamRequest(
      `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
      (m: Record<string, string>) => Buffer.from(Req.encode(Req.fromObject(m)).finish()),
      (b: Buffer) => Res.toObject(Res.decode(b), { defaults: false }) as ReflectionRes,
      { deadline: Date.now() + deadlineMs },
    );
    let answered = false;
    call.on('data', (r: ReflectionRes) => {
      answered = true;
      resolve(r);
      call.end();
    });
    call.on('error', (e: ServiceError) => {
      if (!answered) reject(e);
    });
    call.on('end', () => {
      if (!answered) reject(new ReflectionError('the reflection stream ended without an answer'));
    });
    call.write(req);
  });
}

/**
 * The root holding `service` and everything it uses, asked of the server. Tries reflection v1, then v1alpha.
 * @throws ReflectionError (reflection not offered, or the service unknown: the message lists the services there are)
 */
export async function reflectRoot(client: Client, service: string, deadlineMs: number): Promise<protobuf.Root> {
  let version: 'v1' | 'v1alpha' = 'v1';
  let first: ReflectionRes;
  try {
    first = await ask(client, version, { fileContainingSymbol: service }, deadlineMs);
  } catch (e) {
    if ((e as ServiceError).code !== 12) throw reflectionFailed(e);
    version = 'v1alpha';
    first = await ask(client, version, { fileContainingSymbol: service }, deadlineMs).catch((x: unknown) => {
      throw reflectionFailed(x);
    });
  }
  if (first.errorResponse) {
    const list = await ask(client, version, { listServices: '*' }, deadlineMs).catch(() => undefined);
    const names = (list?.listServicesResponse?.service ?? [])
      .map((s) => s.name)
      .filter((n) => !n.startsWith('grpc.reflection.'));
    throw new ReflectionError(
      `service ${service} is not offered by the server (reflection says: ${first.errorResponse.errorMessage || `error ${first.errorResponse.errorCode}`}); it has ${names.join(', ') || 'no other service'}`,
    );
  }
  const files = new Map<string, protobuf.Message>();
  const add = (bytes: readonly Uint8Array[] | undefined): string[] => {
    const missing: string[] = [];
    for (const b of bytes ?? []) {
      const f = reflectionTypes().FileProto.decode(b) as protobuf.Message & { name?: string; dependency?: string[] };
      if (f.name !== undefined) files.set(f.name, f);
      for (const d of f.dependency ?? []) missing.push(d);
    }
    return missing;
  };
  let wanted = add(first.fileDescriptorResponse?.fileDescriptorProto);
  for (let round = 0; wanted.length > 0 && round < 64; round++) {
    const next: string[] = [];
    for (const name of new Set(wanted)) {
      if (files.has(name)) continue;
      const r = await ask(client, version, { fileByFilename: name }, deadlineMs).catch((x: unknown) => {
        throw reflectionFailed(x);
      });
      if (r.errorResponse)
        throw new ReflectionError(`the server's reflection does not know ${name}, which its descriptors import`);
      next.push(...add(r.fileDescriptorResponse?.fileDescriptorProto));
    }
    wanted = next;
  }
  const fromDescriptor = (grpcPackages().protobuf.Root as unknown as { fromDescriptor: (d: unknown) => protobuf.Root })
    .fromDescriptor;
  const root = fromDescriptor({ file: [...files.values()] });
  root.resolveAll();
  return root;
}

/**
 * The services the server offers by reflection (v1, else v1alpha), without reflection's own, sorted.
 * @throws ReflectionError (reflection not offered, the server unreachable)
 */
export async function reflectedServices(client: Client, deadlineMs: number): Promise<string[]> {
  let r: ReflectionRes;
  try {
    r = await ask(client, 'v1', { listServices: '*' }, deadlineMs);
  } catch (e) {
    if ((e as ServiceError).code !== 12) throw reflectionFailed(e);
    r = await ask(client, 'v1alpha', { listServices: '*' }, deadlineMs).catch((x: unknown) => {
      throw reflectionFailed(x);
    });
  }
  return (r.listServicesResponse?.service ?? [])
    .map((s) => s.name)
    .filter((n) => !n.startsWith('grpc.reflection.'))
    .sort();
}

function reflectionFailed(e: unknown): ReflectionError {
  const err = e as Partial<ServiceError>;
  if (err.code === 12)
    return new ReflectionError(
      'the server does not offer reflection (UNIMPLEMENTED): give the step its protos instead',
    );
  return new ReflectionError(`reflection failed: ${err.details ?? err.message ?? String(e)}`);
}
