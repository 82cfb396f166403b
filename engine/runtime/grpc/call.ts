/**
 * Runs one gRPC step for a VU: renders its target, metadata and messages, makes the call on the VU's channel (unary
 * or a stream, as the method is declared), records it with k6's metrics, then runs its checks and extractions.
 * A status other than OK is a measurement (counted by kind, e.g. grpc-unavailable), never the end of the run; a
 * step that cannot be made (a template, a message that does not fit its type, reflection that fails) ends the
 * iteration as a request that cannot be built does.
 */
import type { Client, connectivityState } from '@grpc/grpc-js';
import { grpcPackages } from '../protocol-packages.ts';
import { performance } from 'node:perf_hooks';
import { TemplateRuntimeError } from '../../template/index.ts';
import { classifyError, errorMessage } from '../http/errors.ts';
import { IterationAbort, type WorkerContext } from '../vu/send.ts';
import { INTERRUPTED } from '../vu/signals.ts';
import { applyFailurePolicy } from '../vu/failure-policy.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import type { CompiledGrpc } from './compile.ts';
import { MessageError, reflectedMethod, UnknownMethodError, type GrpcMethod } from './method.ts';
import { ReflectionError } from './reflection.ts';
import { codeName, GrpcResponse, headersOf } from './response.ts';
import { Exchange } from './exchange.ts';
import type { H2Connection } from './h2/connection.ts';
import { H2Exchange } from './h2/exchange.ts';
import { requestHeaders } from './h2/request-headers.ts';
import { framed } from './h2/wire.ts';

const NO_METADATA: [string, string][] = [];

export async function runGrpc(vu: VirtualUser, step: CompiledGrpc, wc: WorkerContext): Promise<void> {
  const ctx = vu.ctx;
  let target: string;
  let messages: Buffer[];
  let values: unknown[];
  let metadata: [string, string][] = NO_METADATA;
  try {
    target = step.target.render(ctx);
    if (step.metadata.length > 0) {
      metadata = [];
      for (const [k, v] of step.metadata) metadata.push([k, v.render(ctx)]);
    }
    if (step.passphrase !== undefined && step.conn.passphrase === undefined)
      step.conn.passphrase = step.passphrase.render(ctx);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) fail(vu, wc, step, 'template', e.message);
    throw e;
  }
  let client: Client | undefined;
  let method = step.resolved;
  if (method === undefined) {
    client = clientOf(vu, step, target, wc);
    try {
      method = await resolve(step, client, target);
    } catch (e) {
      if (e instanceof ReflectionError || e instanceof UnknownMethodError)
        fail(vu, wc, step, 'grpc-unknown-method', e.message);
      throw e;
    }
  }
  if (vu.interrupted) throw INTERRUPTED;
  // Unary calls go on the VU's own HTTP/2 connection (h2/); streams, and the targets it does not take, via grpc-js.
  const h2 =
    method.rpcType === 'unary' && step.channels.h2Allowed(step.transport) ? h2Of(vu, step, target, wc) : undefined;
  if (h2 === undefined) client ??= clientOf(vu, step, target, wc);
  try {
    const encoded = step.encoded;
    if (encoded !== undefined && encoded.method === method) {
      values = encoded.values;
      messages = encoded.bytes;
    } else {
      values =
        method.rpcType === 'unary' || method.rpcType === 'server-stream' || step.messages === undefined
          ? [step.message(ctx)]
          : step.messages.map((m) => m(ctx));
      messages = values.map(method.serialize);
      // Without templates the messages are the same every call: encoded once (grpc-js frames a copy of the bytes).
      if (step.constantMessages) step.encoded = { method, values, bytes: messages };
    }
  } catch (e) {
    if (e instanceof TemplateRuntimeError) fail(vu, wc, step, 'template', e.message);
    if (e instanceof MessageError) fail(vu, wc, step, 'grpc-message', e.message);
    throw e;
  }

  let x: Exchange | H2Exchange;
  let t0: number;
  if (h2 !== undefined) {
    const headers = requestHeaders(method.path, h2.scheme, h2.authority, step.timeoutMs, metadata);
    await ready(vu, h2, step.timeoutMs);
    if (vu.interrupted) throw INTERRUPTED;
    t0 = performance.now();
    x = new H2Exchange(h2, method, framedOf(step, messages[0] as Buffer), headers, step.timeoutMs);
  } else {
    const c = client as Client;
    const md = new (grpcPackages().grpc.Metadata)();
    for (const [k, v] of metadata) md.set(k, k.endsWith('-bin') ? Buffer.from(v, 'base64') : v);
    await connected(vu, c, step.timeoutMs);
    if (vu.interrupted) throw INTERRUPTED;
    t0 = performance.now();
    x = new Exchange(c, method, messages, md, step);
  }
  vu.track(x);
  const done = await x.done;
  vu.untrack(x);
  const trace = wc.trace;
  const traced =
    trace === undefined
      ? undefined
      : {
          target,
          metadata,
          messages: values,
        };
  if (vu.interrupted) {
    if (trace !== undefined && traced !== undefined) trace.grpc(step, { ...traced, response: undefined });
    throw INTERRUPTED;
  }
  const ms = performance.now() - t0;
  const status = done.status;
  if (method.rpcType === 'unary') step.series.call(status.code, Math.round(ms * 1000));
  else step.series.streamed(status.code, x.sent, x.received.length);
  if (status.code !== 0)
    wc.recorder.error(
      `grpc-${codeName(status.code).toLowerCase().replaceAll('_', '-')}`,
      step.scenario,
      step.name,
      status.details || codeName(status.code),
    );
  const message = method.rpcType === 'unary' || method.rpcType === 'client-stream' ? x.received[0] : x.received;
  const res = new GrpcResponse(
    status.code,
    status.details,
    message,
    headersOf(done.metadata),
    headersOf(done.trailers),
    ms,
    target,
  );
  if (trace !== undefined && traced !== undefined) trace.grpc(step, { ...traced, response: res });
  const why = judge(vu, step, res, wc);
  if (step.policy === undefined) return;
  const reason = status.code !== 0 ? `status ${codeName(status.code)}` : why;
  if (reason !== undefined) applyFailurePolicy(vu, wc, step, step.policy, reason, false);
}

/** The VU's grpc-js client for the target; a TLS context that cannot be made is a counted error (tls...). */
function clientOf(vu: VirtualUser, step: CompiledGrpc, target: string, wc: WorkerContext): Client {
  try {
    return step.channels.client(vu, target, step.conn);
  } catch (e) {
    return tlsFailed(vu, wc, step, e);
  }
}

/** The VU's HTTP/2 connection for unary calls (undefined: a target for grpc-js); TLS errors as clientOf's. */
function h2Of(vu: VirtualUser, step: CompiledGrpc, target: string, wc: WorkerContext): H2Connection | undefined {
  try {
    return step.channels.h2(vu, target, step.conn);
  } catch (e) {
    return tlsFailed(vu, wc, step, e);
  }
}

function tlsFailed(vu: VirtualUser, wc: WorkerContext, step: CompiledGrpc, e: unknown): never {
  // The TLS context cannot be made: a client key that does not decrypt (wrong passphrase), a file that is no PEM.
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_')) fail(vu, wc, step, classifyError(e), errorMessage(e));
  throw e;
}

/** The message as framed on the wire; a step's constant message is framed once, with its encoding. */
function framedOf(step: CompiledGrpc, message: Buffer): Buffer {
  const encoded = step.encoded;
  if (encoded === undefined || encoded.bytes[0] !== message) return framed(message);
  return (encoded.framed ??= framed(message));
}

/** As connected() below, for the VU's HTTP/2 connection: made (or found failed) before the call is timed. */
function ready(vu: VirtualUser, h2: H2Connection, timeoutMs: number): Promise<void> | undefined {
  const connecting = h2.ready(timeoutMs);
  if (connecting === undefined) return undefined;
  return new Promise<void>((resolve) => {
    const wait = { interrupt: () => resolve() };
    vu.track(wait);
    void connecting.then(() => {
      vu.untrack(wait);
      resolve();
    });
  });
}

/**
 * As k6's client.connect() before invoke(): a channel's first connection is made before the call is timed, so
 * grpc_req_duration is the call alone. A channel that cannot connect is left to the call, which then fails.
 */
function connected(vu: VirtualUser, client: Client, timeoutMs: number): Promise<void> | undefined {
  const channel = client.getChannel();
  const cs = grpcPackages().grpc.connectivityState;
  const first = channel.getConnectivityState(true);
  if (first === cs.READY || first === cs.TRANSIENT_FAILURE) return undefined;
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve) => {
    const wait = { interrupt: () => resolve() };
    const done = (): void => {
      vu.untrack(wait);
      resolve();
    };
    vu.track(wait);
    // Until it is connected, or has failed to (refused, TLS): the call then fails at once, as k6's connect does.
    const watch = (state: connectivityState): void => {
      if (state === cs.READY || state === cs.TRANSIENT_FAILURE || state === cs.SHUTDOWN) {
        done();
        return;
      }
      channel.watchConnectivityState(state, deadline, (err) => {
        if (err) done();
        else watch(channel.getConnectivityState(false));
      });
    };
    watch(first);
  });
}

function resolve(step: CompiledGrpc, client: Client, target: string): Promise<GrpcMethod> {
  const service = step.method.split('/')[0] as string;
  return step.channels
    .reflect(client, target, step.conn, service, step.timeoutMs)
    .then((root) => reflectedMethod(root, step.method, `the descriptors ${target} reflects`));
}

/** Counts the checks and runs the extractions; returns the first failure (undefined: none). */
function judge(vu: VirtualUser, step: CompiledGrpc, res: GrpcResponse, wc: WorkerContext): string | undefined {
  let first: string | undefined;
  for (const c of step.checks) {
    let why: string | undefined;
    try {
      why = c.rule(res, vu.ctx);
    } catch (e) {
      if (!(e instanceof TemplateRuntimeError)) throw e;
      why = `cannot evaluate: ${e.message}`;
    }
    if (why === undefined) c.pass++;
    else {
      c.fail++;
      c.failure ??= why;
      first ??= `check '${c.check}' failed: ${why}`;
    }
    wc.trace?.check(step, c.check, why);
  }
  for (const { variable, extractor } of step.extracts) {
    const out = extractor.run(res);
    if (out.ok) vu.ctx.vars.set(variable, out.value);
    else if (extractor.fallback !== undefined) vu.ctx.vars.set(variable, extractor.fallback);
    else {
      vu.ctx.vars.delete(variable);
      wc.recorder.extractFailure(step.scenario, step.name, variable, out.reason);
      first ??= `extraction '${variable}' failed: ${out.reason}`;
    }
    wc.trace?.extract(step, variable, out, vu.ctx.vars.get(variable));
  }
  return first;
}

/** A call that cannot be made ends the iteration (or, by its policy, stops the VU) as a request that cannot be built. */
function fail(vu: VirtualUser, wc: WorkerContext, step: CompiledGrpc, kind: string, message: string): never {
  wc.recorder.error(kind, step.scenario, step.name, message);
  wc.trace?.failed(step, kind, message);
  if (step.policy !== undefined) applyFailurePolicy(vu, wc, step, step.policy, message, true);
  else wc.failed?.(step.name, message, true);
  throw new IterationAbort(message);
}
