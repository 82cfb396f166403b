/**
 * Plan steps -> executable steps (compiled once per worker and scenario). A plan without flow control compiles
 * to requests, think times, groups and batches exactly as before; flow control adds its own step kinds, and a
 * request becomes `watched` only when something must look at its outcome (a failure policy, a status() reader,
 * setup and teardown): the plain request path stays as it was.
 */
import { parseDuration } from '../../base/duration.ts';
import type { PathSegment } from '../../plan/path.ts';
import type { Request, Step } from '../../plan/schema/index.ts';
import { compileGrpc, type CompiledGrpc } from '../grpc/compile.ts';
import { compileFlow, type CompiledIf, type CompiledLoop, type CompiledOnce, type CompiledSwitch } from './flow.ts';
import { compileRequest, type CompileContext, type CompiledRequest } from './request.ts';
import { compileWatched, type WatchedRequest } from './watched.ts';
import { compileWebSocket, type CompiledWebSocket } from '../ws/compile.ts';

/** A request as a step or in a batch: plain, or watched for its outcome. */
export type RequestStep = CompiledRequest | WatchedRequest;

export type CompiledStep =
  | RequestStep
  | { kind: 'think'; minMs: number; maxMs: number }
  | { kind: 'group'; name: string; path: string; steps: CompiledStep[] }
  | { kind: 'batch'; requests: RequestStep[] }
  | CompiledWebSocket
  | CompiledGrpc
  // The flow steps, spelled out: TypeScript closes a recursive union through interfaces, not through an alias.
  | CompiledIf<CompiledStep>
  | CompiledLoop<CompiledStep>
  | CompiledSwitch<CompiledStep>
  | CompiledOnce<CompiledStep>;

/** `at`: the document path of `steps` (flow steps keep theirs, for messages and traces). */
export function compileSteps(
  steps: readonly Step[],
  group: string,
  cc: CompileContext,
  at: readonly PathSegment[] = [],
): CompiledStep[] {
  return steps.map((s, i): CompiledStep => {
    const path = [...at, i];
    if ('request' in s) return requestStep(s.request, group, cc);
    if ('grpc' in s) return compileGrpc(s.grpc, group, cc);
    if ('batch' in s) return { kind: 'batch', requests: s.batch.map((b) => requestStep(b.request, group, cc)) };
    if ('group' in s) {
      const inner = `${group}::${s.group.name}`;
      return {
        kind: 'group',
        name: s.group.name,
        path: inner,
        steps: compileSteps(s.group.steps, inner, cc, [...path, 'group', 'steps']),
      };
    }
    if ('websocket' in s) return compileWebSocket(s.websocket, group, cc, path);
    if ('think' in s) {
      const t = s.think;
      const min = parseDuration(typeof t === 'string' ? t : t.min) ?? 0;
      const max = parseDuration(typeof t === 'string' ? t : t.max) ?? min;
      return { kind: 'think', minMs: min, maxMs: max };
    }
    return compileFlow(s, path, (list, sub) => compileSteps(list, group, cc, [...path, ...sub]));
  });
}

function requestStep(r: Request, group: string, cc: CompileContext): RequestStep {
  const req = compileRequest(r, group, cc);
  return compileWatched(r, req, cc) ?? req;
}
