/**
 * The files a plan's gRPC steps need, read by the coordinator through the plan's file source before the run: protos
 * with their imports, and TLS files. Each step's method is looked up in its protos here, so an unknown service or
 * method is a plan error (naming the ones there are) before anything is sent.
 */
import { grpcCallsOf } from '../../plan/grpc-names.ts';
import type { LocatableIssue, PlanIssue } from '../../plan/errors.ts';
import type { PathSegment } from '../../plan/path.ts';
import type { GrpcCall, Plan } from '../../plan/schema/index.ts';
import type { PlanFileSource } from '../files/plan-files.ts';
import { PlanFileError } from '../files/errors.ts';
import { findMethod, UnknownMethodError } from './method.ts';
import { buildRoot, collectProtos, ProtoError } from './protos.ts';

export async function loadGrpcFiles(
  plan: Plan,
  source: PlanFileSource,
): Promise<{ files: Map<string, Buffer>; issues: LocatableIssue[] }> {
  const files = new Map<string, Buffer>();
  const issues: LocatableIssue[] = [];
  for (const { call, path } of grpcCallsOf(plan)) await loadCallFiles(call, path, source, files, issues);
  return { files, issues };
}

/** One call's TLS files and protos (into `files`, skipping those already there); problems go to `issues`. */
export async function loadCallFiles(
  call: GrpcCall,
  path: readonly PathSegment[],
  source: PlanFileSource,
  files: Map<string, Buffer>,
  issues: PlanIssue[],
): Promise<void> {
  for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
    const p = call.tls?.[key];
    if (p === undefined || files.has(p)) continue;
    try {
      files.set(p, (await source.read(p, 'TLS file')).bytes);
    } catch (e) {
      if (!(e instanceof PlanFileError)) throw e;
      issues.push({ path: [...path, 'tls', key], message: e.message });
    }
  }
  if (call.protos === undefined) return;
  const set = { protos: call.protos, importPaths: call.importPaths };
  try {
    const mine = await collectProtos(set, async (p) => files.get(p) ?? (await source.read(p, 'proto file')).bytes);
    for (const [p, bytes] of mine) files.set(p, bytes);
    findMethod(buildRoot(set, files), call.method, call.protos.join(', '));
  } catch (e) {
    if (e instanceof UnknownMethodError) issues.push({ path: [...path, 'method'], message: e.message });
    else if (e instanceof ProtoError) issues.push({ path: [...path, 'protos'], message: e.message });
    else throw e;
  }
}
