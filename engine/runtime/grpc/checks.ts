/**
 * gRPC checks and extractions, compiled once on the engine's own (runtime/checks.ts, runtime/extract.ts): JSONPath
 * on the message, header rules on the metadata or the trailers; only the status code is gRPC's own.
 */
import { GRPC_CODES } from '../../plan/schema/constants.ts';
import type { GrpcCheck, GrpcExtractor } from '../../plan/schema/index.ts';
import type { TemplateContext } from '../../template/index.ts';
import { compileCheck } from '../checks.ts';
import { compileExtractor, type ExtractOutcome } from '../extract.ts';
import { codeName, type GrpcResponse } from './response.ts';

export type GrpcCheckFn = (r: GrpcResponse, ctx: TemplateContext) => string | undefined;
export interface CompiledGrpcExtractor {
  run: (r: GrpcResponse) => ExtractOutcome;
  fallback: unknown;
}

const codeOf = (c: number | string): number =>
  typeof c === 'number' ? c : (GRPC_CODES as readonly string[]).indexOf(c);

export function compileGrpcCheck(c: GrpcCheck): GrpcCheckFn {
  if ('code' in c) {
    const want = (Array.isArray(c.code) ? c.code : [c.code]).map(codeOf);
    return (r) =>
      want.includes(r.status)
        ? undefined
        : `got ${codeName(r.status)}${r.details ? ` (${r.details.slice(0, 80)})` : ''}`;
  }
  if ('metadata' in c || 'trailer' in c) {
    const { name: _name, ...ops } = c;
    const fromTrailers = 'trailer' in c;
    const rule = compileCheck({ ...ops, header: 'trailer' in c ? c.trailer : c.metadata }).evaluate;
    return fromTrailers ? (r, ctx) => rule(r.trailers, ctx) : rule;
  }
  return compileCheck(c).evaluate;
}

export function compileGrpcExtractor(x: GrpcExtractor): CompiledGrpcExtractor {
  if ('jsonPath' in x) {
    const e = compileExtractor(x);
    return { run: (r) => e.run(r), fallback: x.default };
  }
  const header = 'trailer' in x ? x.trailer : x.metadata;
  const e = compileExtractor({ header });
  return 'trailer' in x
    ? { run: (r) => e.run(r.trailers), fallback: x.default }
    : { run: (r) => e.run(r), fallback: x.default };
}
