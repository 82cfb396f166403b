/**
 * What the designer's "Load" lists: the services of a set of .proto files (read through the plan's file source, as a
 * run reads them) or of a server's reflection, each with its methods, their kind and their input message's fields.
 */
import type { Client, ServiceError } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { GrpcCall } from '../../plan/schema/index.ts';
import { compileTemplate, type TemplateContext } from '../../template/index.ts';
import type { PlanFileSource } from '../files/plan-files.ts';
import { PlanFileError } from '../files/errors.ts';
import { loadGrpcPackages } from '../protocol-packages.ts';
import { GrpcChannels } from './channels.ts';
import { connectionOf } from './compile.ts';
import { fieldsOf, type GrpcField } from './fields.ts';
import { rpcTypeOf, servicesOf, type RpcType } from './method.ts';
import { buildRoot, collectProtos, ProtoError } from './protos.ts';
import { reflectedServices, reflectRoot, ReflectionError } from './reflection.ts';

export type { GrpcField } from './fields.ts';

export interface GrpcMethodInfo {
  /** The method's own name (`Get`); the step writes `service/name`. */
  name: string;
  rpcType: RpcType;
  /** Full names of the input and output messages. */
  input: string;
  output: string;
  inputFields: GrpcField[];
}

export interface GrpcServiceInfo {
  /** Full name, `package.Service`. */
  name: string;
  methods: GrpcMethodInfo[];
}

/** Descriptors could not be loaded: the message says why and what to do. */
export class GrpcDescribeError extends Error {}

/** Where a step's descriptors come from, and how it connects (for reflection and TLS files). */
export type GrpcSource = Pick<GrpcCall, 'target' | 'plaintext' | 'tls' | 'protos' | 'importPaths'>;

/** Reflection waits at most this long for each answer. */
const REFLECTION_DEADLINE_MS = 10_000;

/**
 * The services of `source`: its protos when it names some, else the server's reflection at its target.
 * `env` renders `${env.X}` in the target and the TLS passphrase (nothing else of a plan is known here).
 * @throws GrpcDescribeError
 */
export async function describeGrpc(
  source: GrpcSource,
  files: PlanFileSource,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<GrpcServiceInfo[]> {
  try {
    await loadGrpcPackages();
    return source.protos && source.protos.length > 0
      ? await fromProtos({ protos: source.protos, importPaths: source.importPaths }, files)
      : await fromReflection(source, files, env);
  } catch (e) {
    if (e instanceof ProtoError || e instanceof PlanFileError || e instanceof ReflectionError)
      throw new GrpcDescribeError(e.message);
    throw e;
  }
}

async function fromProtos(set: { protos: string[]; importPaths: string[] | undefined }, files: PlanFileSource) {
  const read = await collectProtos(set, async (p) => (await files.read(p, 'proto file')).bytes);
  const services = servicesOf(buildRoot(set, read)).map(describeService);
  if (services.length === 0) throw new GrpcDescribeError(`${set.protos.join(', ')} define no service`);
  return services;
}

async function fromReflection(
  source: GrpcSource,
  files: PlanFileSource,
  env: Readonly<Record<string, string | undefined>>,
): Promise<GrpcServiceInfo[]> {
  const target = render(source.target, env, 'target');
  if (target === '') throw new GrpcDescribeError('write the target (host:port) to ask its reflection');
  const tlsFiles = new Map<string, Buffer>();
  for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
    const p = source.tls?.[key];
    if (p !== undefined) tlsFiles.set(p, (await files.read(p, 'TLS file')).bytes);
  }
  const conn = connectionOf(source, tlsFiles);
  if (source.tls?.passphrase !== undefined) conn.passphrase = render(source.tls.passphrase, env, 'passphrase');
  const channels = new GrpcChannels();
  const client: Client = channels.client({}, target, conn);
  try {
    const names = await reflectedServices(client, REFLECTION_DEADLINE_MS).catch((e: unknown) => {
      throw unreachable(e, target);
    });
    if (names.length === 0) throw new GrpcDescribeError(`the server at ${target} lists no service by reflection`);
    const out: GrpcServiceInfo[] = [];
    for (const name of names) {
      const root = await reflectRoot(client, name, REFLECTION_DEADLINE_MS);
      const service = servicesOf(root).find((s) => s.fullName === `.${name}`);
      if (service) out.push(describeService(service));
    }
    return out;
  } finally {
    channels.close();
  }
}

function describeService(s: protobuf.Service): GrpcServiceInfo {
  return {
    name: s.fullName.replace(/^\./, ''),
    methods: s.methodsArray.map((m) => {
      m.resolve();
      const input = m.resolvedRequestType as protobuf.Type;
      const output = m.resolvedResponseType as protobuf.Type;
      return {
        name: m.name,
        rpcType: rpcTypeOf(m),
        input: input.fullName.replace(/^\./, ''),
        output: output.fullName.replace(/^\./, ''),
        inputFields: fieldsOf(input),
      };
    }),
  };
}

function render(text: string, env: Readonly<Record<string, string | undefined>>, what: string): string {
  const ctx: TemplateContext = { vu: 1, iter: 0, scenario: '', env, vars: new Map(), data: {} };
  try {
    return compileTemplate(text).render(ctx).trim();
  } catch (e) {
    throw new GrpcDescribeError(`the ${what} ${text} cannot be evaluated here: ${(e as Error).message}`);
  }
}

/** A reflection failure in words: UNAVAILABLE is most often a wrong address or plaintext against TLS. */
function unreachable(e: unknown, target: string): Error {
  if (e instanceof ReflectionError && /UNAVAILABLE|No connection|ECONNREFUSED/i.test(e.message))
    return new GrpcDescribeError(
      `no gRPC server answered at ${target} (${e.message.replace(/^reflection failed: /, '')}): check the address and plaintext/TLS`,
    );
  if ((e as Partial<ServiceError>).code !== undefined) return new GrpcDescribeError(String((e as Error).message));
  return e as Error;
}
