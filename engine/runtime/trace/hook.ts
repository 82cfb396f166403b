/**
 * What the VU code path reports when a designer trace is attached to its WorkerContext (Try it, Validate).
 * Runs never set it: send.ts and interpreter.ts test `wc.trace !== undefined` and do nothing else.
 */
import type { CompiledFlow, CompiledLoop } from '../compile/flow.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { ExtractOutcome } from '../extract.ts';
import type { ExchangeResult } from '../http/types.ts';
import type { WsTraceDraft } from '../ws/trace.ts';
import type { CompiledGrpc } from '../grpc/compile.ts';
import type { GrpcResponse } from '../grpc/response.ts';

/** One hop exactly as handed to undici (headers flat: name, value, ...). */
export interface SentRequest {
  method: string;
  url: string;
  headers: readonly string[];
  body: string | Buffer | null;
}

/** A step the designer traces: an HTTP request or a gRPC call. */
export type TracedStep = CompiledRequest | CompiledGrpc;

/** A gRPC call as made: its target, metadata and messages, and its response (undefined: interrupted). */
export interface GrpcTraceCall {
  target: string;
  metadata: [string, string][];
  messages: unknown[];
  response: GrpcResponse | undefined;
}

/** Receives, in order, everything one request step did. */
export interface RequestTrace {
  /** A hop was sent and answered (or failed, or was interrupted); redirects give several per request. */
  exchange(req: CompiledRequest, sent: SentRequest, res: ExchangeResult): void;
  /** The request could not be built or sent (`template`, `invalid-url`); the iteration ends after it. */
  failed(req: TracedStep, kind: string, message: string): void;
  /** A gRPC call ended (or was interrupted). */
  grpc(step: CompiledGrpc, call: GrpcTraceCall): void;
  /** A check of `req` was evaluated: `reason` is undefined when it passed. */
  check(req: TracedStep, name: string, reason: string | undefined): void;
  /** An extraction ran; `value` is what the variable holds afterwards (the default when one was used). */
  extract(req: TracedStep, variable: string, outcome: ExtractOutcome, value: unknown): void;
  /** Flow control decided something (flow.ts): a branch, a loop pass and its end, whether a once block ran. */
  flow(event: FlowEvent): void;
  /** A WebSocket session ended (ws/run.ts): its handshake, messages, checks, extractions and how it closed. */
  websocket(entry: WsTraceDraft): void;
}

export type FlowEvent =
  /** if: 'then', 'else', or null when the condition was false and there is no else; a switch: the branch index. */
  | { what: 'branch'; step: CompiledFlow<CompiledStep>; branch: 'then' | 'else' | number | null }
  | { what: 'once'; step: CompiledFlow<CompiledStep>; ran: boolean }
  | { what: 'pass'; step: CompiledLoop<CompiledStep>; pass: number }
  /** A loop ended: after `passes` passes; `hitMax`: a while or doWhile whose condition still held at its max. */
  | { what: 'end'; step: CompiledLoop<CompiledStep>; passes: number; hitMax: boolean };
