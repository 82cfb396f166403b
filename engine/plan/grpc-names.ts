/** gRPC steps in a plan and the names users see for them: the call's name (else its method) and its checks' labels. */
import { checkName } from './names.ts';
import type { PathSegment } from './path.ts';
import type { GrpcCall, GrpcCheck, Plan } from './schema/index.ts';
import { stepsOf } from './walk.ts';

export interface GrpcVisit {
  call: GrpcCall;
  path: PathSegment[];
  scenario: string;
  group: string;
}

/** Every gRPC step of the plan with the path of its `grpc` object. */
export function* grpcCallsOf(plan: Plan): Generator<GrpcVisit> {
  for (const { step, path, scenario, group } of stepsOf(plan))
    if ('grpc' in step) yield { call: step.grpc, path: [...path, 'grpc'], scenario, group };
}

export function grpcCallName(c: GrpcCall): string {
  return c.name ?? c.method;
}

/** The wire form of the method (`/package.Service/Method`): k6's `method` tag. */
export function grpcMethodPath(c: GrpcCall): string {
  return `/${c.method}`;
}

export function grpcCheckName(c: GrpcCheck): string {
  if (c.name) return c.name;
  if ('code' in c) return `code is ${Array.isArray(c.code) ? c.code.join(' or ') : c.code}`;
  if ('metadata' in c || 'trailer' in c) {
    const [what, key] = 'metadata' in c ? ['metadata', c.metadata] : ['trailer', c.trailer];
    return checkName({
      header: key,
      exists: c.exists,
      equals: c.equals,
      contains: c.contains,
      matches: c.matches,
    }).replace(/^header/, what);
  }
  return checkName(c);
}
