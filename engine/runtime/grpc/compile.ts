/**
 * A gRPC step compiled once per worker and scenario: templates compiled, the method found in its protos (a step that
 * reflects finds it at its first call), TLS files taken from those the coordinator read, checks and metrics made.
 */
import { grpcCallName, grpcCheckName, grpcMethodPath } from '../../plan/grpc-names.ts';
import { parseDuration } from '../../base/duration.ts';
import type { GrpcCall } from '../../plan/schema/index.ts';
import { compileTemplate, type Template, type TemplateContext } from '../../template/index.ts';
import type { CheckCounter } from '../../metrics/recorder.ts';
import { compileValue, isConstantValue } from '../compile/json-body.ts';
import type { CompileContext } from '../compile/request.ts';
import { channelsFor, type GrpcChannels, type GrpcConnection } from './channels.ts';
import { compileGrpcCheck, compileGrpcExtractor, type CompiledGrpcExtractor, type GrpcCheckFn } from './checks.ts';
import { findMethod, type GrpcMethod } from './method.ts';
import { buildRoot } from './protos.ts';
import { GrpcSeries } from './series.ts';
import { failurePolicy, type FailurePolicy } from '../compile/failure-policy.ts';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_MESSAGES = 10_000;

export interface CompiledGrpc {
  kind: 'grpc';
  name: string;
  scenario: string;
  group: string;
  /** `package.Service/Method` as written. */
  method: string;
  target: Template;
  conn: GrpcConnection;
  /** TLS passphrase, rendered with the VU's environment when the channel is made. */
  passphrase: Template | undefined;
  channels: GrpcChannels;
  /** The target as written and how it connects: whether its unary calls may use the HTTP/2 client (channels.ts). */
  transport: string;
  /** From the protos; undefined for a step that reflects (found at its first call, per worker). */
  resolved: GrpcMethod | undefined;
  message: (ctx: TemplateContext) => unknown;
  /** Client and bidirectional streams: the messages sent (undefined: `message` alone). */
  messages: ((ctx: TemplateContext) => unknown)[] | undefined;
  /** No `${...}` in `message` and `messages`: they are the same on every call. */
  constantMessages: boolean;
  /** The messages of such a step as sent, encoded at its first call for the method then found (call.ts). */
  encoded: EncodedMessages | undefined;
  metadata: [string, Template][];
  timeoutMs: number;
  maxMessages: number;
  checks: CheckCounter<GrpcCheckFn>[];
  extracts: { variable: string; extractor: CompiledGrpcExtractor }[];
  series: GrpcSeries;
  /** onFailure (the step's, else its list's); undefined: failures only count. */
  policy: FailurePolicy | undefined;
}

export interface EncodedMessages {
  method: GrpcMethod;
  values: unknown[];
  bytes: Buffer[];
  /** A unary message as the HTTP/2 client sends it: length-prefixed (h2/wire.ts), made at its first call. */
  framed?: Buffer;
}

const roots = new WeakMap<ReadonlyMap<string, Buffer>, Map<string, ReturnType<typeof buildRoot>>>();

export function compileGrpc(g: GrpcCall, group: string, cc: CompileContext): CompiledGrpc {
  const name = grpcCallName(g);
  const labels = { scenario: cc.scenario, group, request: name };
  const tags = { ...cc.plan.defaults?.tags, ...cc.scenarioTags, ...g.tags };
  const base = { ...tags, scenario: cc.scenario, group, request: name, method: grpcMethodPath(g) };
  const conn = connectionOf(g, cc.files);
  const channels = channelsFor(cc.dispatchers);
  const resolved = g.protos ? findMethod(rootOf(g, cc.files), g.method, g.protos.join(', ')) : undefined;
  const transport = `${g.target}\u0000${conn.key}`;
  channels.declare(transport, resolved?.rpcType === 'unary');
  return {
    kind: 'grpc',
    name,
    scenario: cc.scenario,
    group,
    method: g.method,
    target: compileTemplate(g.target),
    conn,
    passphrase: g.tls?.passphrase !== undefined ? compileTemplate(g.tls.passphrase) : undefined,
    channels,
    transport,
    resolved,
    message: compileValue(g.message ?? {}),
    messages: g.messages?.map(compileValue),
    constantMessages: isConstantValue(g.message ?? {}) && (g.messages ?? []).every(isConstantValue),
    encoded: undefined,
    metadata: Object.entries(g.metadata ?? {}).map(([k, v]) => [k, compileTemplate(String(v))]),
    timeoutMs: parseDuration(g.timeout ?? cc.plan.defaults?.timeout ?? '') ?? DEFAULT_TIMEOUT_MS,
    maxMessages: g.maxMessages ?? DEFAULT_MAX_MESSAGES,
    checks: (g.checks ?? []).map((c) => cc.recorder.checkCounter(labels, grpcCheckName(c), compileGrpcCheck(c))),
    extracts: Object.entries(g.extract ?? {}).map(([variable, x]) => ({
      variable,
      extractor: compileGrpcExtractor(x),
    })),
    series: new GrpcSeries(cc.recorder, base),
    policy: failurePolicy(g.onFailure, cc.flow),
  };
}

/** The protos' root, built once per worker for each set of protos. */
function rootOf(g: GrpcCall, files: ReadonlyMap<string, Buffer>): ReturnType<typeof buildRoot> {
  const set = { protos: g.protos ?? [], importPaths: g.importPaths };
  let mine = roots.get(files);
  if (mine === undefined) {
    mine = new Map();
    roots.set(files, mine);
  }
  const id = JSON.stringify(set);
  let root = mine.get(id);
  if (root === undefined) {
    root = buildRoot(set, files);
    mine.set(id, root);
  }
  return root;
}

/** How a step connects (plaintext or TLS), with its TLS files taken from `files` (already read). */
export function connectionOf(
  g: Pick<GrpcCall, 'plaintext' | 'tls'>,
  files: ReadonlyMap<string, Buffer>,
): GrpcConnection {
  const tls = g.tls ?? {};
  const read = (path: string | undefined): Buffer | undefined => {
    if (path === undefined) return undefined;
    const data = files.get(path);
    if (!data) throw new Error(`TLS file ${path} was not loaded`);
    return data;
  };
  const conn: GrpcConnection = {
    key: JSON.stringify([g.plaintext ?? false, tls]),
    plaintext: g.plaintext ?? false,
    insecure: tls.insecure ?? false,
  };
  const ca = read(tls.caFile);
  const cert = read(tls.certFile);
  const key = read(tls.keyFile);
  if (ca) conn.ca = ca;
  if (cert) conn.cert = cert;
  if (key) conn.clientKey = key;
  if (tls.servername !== undefined) conn.servername = tls.servername;
  if (tls.minVersion !== undefined) conn.minVersion = tls.minVersion;
  return conn;
}
