/** gRPC checks and extractions as the editor sees them (engine/plan/schema/grpc.ts). Pure. */
import type { GrpcCheck, GrpcExtractor } from 'loadsmith/plan';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import { objectOf, type Draft } from '../../core/doc/index.ts';
import type { CheckPreview, ExtractPreview } from '../preview/preview.ts';

export type GrpcCheckKind = 'code' | 'jsonPath' | 'metadata' | 'trailer' | 'duration';

export const GRPC_CHECK_KINDS: readonly { kind: GrpcCheckKind; label: string; create(): GrpcCheck }[] = [
  { kind: 'code', label: 'Status code', create: () => ({ code: 'OK' }) },
  { kind: 'jsonPath', label: 'Message JSON path', create: () => ({ jsonPath: '$.id', exists: true }) },
  { kind: 'metadata', label: 'Metadata', create: () => ({ metadata: 'content-type', exists: true }) },
  { kind: 'trailer', label: 'Trailer', create: () => ({ trailer: 'grpc-status', exists: true }) },
  { kind: 'duration', label: 'Duration', create: () => ({ duration: { lt: '500ms' } }) },
];

export function grpcCheckKind(check: Draft<GrpcCheck> | undefined): GrpcCheckKind | undefined {
  const c = objectOf(check);
  return c ? GRPC_CHECK_KINDS.map((k) => k.kind).find((k) => k in c) : undefined;
}

export type GrpcExtractKind = 'jsonPath' | 'metadata' | 'trailer';
export const GRPC_EXTRACT_KINDS: readonly { kind: GrpcExtractKind; label: string; create(): GrpcExtractor }[] = [
  { kind: 'jsonPath', label: 'Message JSON path', create: () => ({ jsonPath: '$.id' }) },
  { kind: 'metadata', label: 'Metadata', create: () => ({ metadata: 'x-request-id' }) },
  { kind: 'trailer', label: 'Trailer', create: () => ({ trailer: 'x-request-id' }) },
];

export function grpcExtractKind(x: Draft<GrpcExtractor> | undefined): GrpcExtractKind | undefined {
  const o = objectOf(x);
  return o ? GRPC_EXTRACT_KINDS.map((k) => k.kind).find((k) => k in o) : undefined;
}

/** The check at `index` in the last Try of this step (checks are reported in the step's order). */
export function grpcCheckPreview(entry: TraceEntry | undefined, index: number): CheckPreview {
  if (!entry) return { state: 'none' };
  if (entry.response === null && entry.grpc === undefined)
    return { state: 'skipped', reason: entry.error?.message ?? 'no response' };
  const c = entry.checks[index];
  return c ? { state: c.ok ? 'pass' : 'fail', reason: c.reason } : { state: 'changed' };
}

/** What the extraction into `variable` yielded in the last Try of this step. */
export function grpcExtractPreview(entry: TraceEntry | undefined, variable: string): ExtractPreview {
  if (!entry) return { state: 'none' };
  const x = entry.extracted.find((e) => e.variable === variable);
  if (!x) return entry.response === null ? { state: 'skipped', reason: 'no response' } : { state: 'changed' };
  return x.ok ? { state: 'ok', value: x.value } : { state: 'fail', reason: x.reason };
}
