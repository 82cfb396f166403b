/** gRPC steps read from the document as drafts, and a new one. */
import type { GrpcCall, Step } from 'loadsmith/plan';
import type { Doc, Path } from '../doc-path.ts';
import { objectOf, type ObjectDraft } from './draft.ts';
import { draftAt, type StepDraft } from './plan.ts';

export type GrpcDraft = ObjectDraft<GrpcCall>;

/**
 * A new call: the demo server's gRPC port in plaintext and a placeholder method, which "Load" (reflection or protos)
 * replaces with one picked from the server's list.
 */
export function newGrpc(): Step {
  return { grpc: { target: '127.0.0.1:3002', plaintext: true, method: 'package.Service/Method', message: {} } };
}

/** The `grpc` object of a gRPC step. */
export function grpcOf(step: StepDraft | undefined): GrpcDraft | undefined {
  return objectOf(step?.grpc);
}

/** The `grpc` object at `path` (a path ending in 'grpc'). */
export function grpcAt(doc: Doc, path: Path): GrpcDraft | undefined {
  return objectOf(draftAt<GrpcCall>(doc, path));
}

/** "lookup.Lookup/Get", or the call's name when it has one. */
export function grpcLabel(g: GrpcDraft): string {
  if (typeof g.name === 'string' && g.name !== '') return g.name;
  return typeof g.method === 'string' && g.method !== '' ? g.method : '(no method)';
}
