/** What "Load" sends for a gRPC step, pure: where its descriptors come from and how it connects, nothing else. */
import type { Params } from '../../../../../app/contract/index.ts';
import type { GrpcDraft } from '../../core/doc/index.ts';

export type GrpcSourceParams = Params<'designer.grpcDescribe'>['source'];

/** What Load sends for a step: where its descriptors come from and how it connects. */
export function sourceOf(g: GrpcDraft): GrpcSourceParams {
  const strings = (v: unknown): string[] | undefined =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : undefined;
  const protos = strings(g.protos);
  const importPaths = strings(g.importPaths);
  const tls = g.tls !== null && typeof g.tls === 'object' && !Array.isArray(g.tls) ? g.tls : undefined;
  return {
    target: typeof g.target === 'string' ? g.target : '',
    ...(g.plaintext === true ? { plaintext: true } : {}),
    ...(tls ? { tls: tls as GrpcSourceParams['tls'] } : {}),
    ...(protos && protos.length > 0 ? { protos } : {}),
    ...(importPaths && importPaths.length > 0 ? { importPaths } : {}),
  };
}
