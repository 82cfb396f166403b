/**
 * A client key's passphrase is a secret: a plan names where it comes from (${env.NAME}: the environment, or a secret
 * variable of the app's environment), never the passphrase itself, since plans are shared, exported and kept in git.
 */
import type { PlanIssue } from './errors.ts';
import { grpcCallsOf } from './grpc-names.ts';
import type { PathSegment } from './path.ts';
import type { Plan, TlsOptions } from './schema/index.ts';
import { requestsOf, stepsOf } from './walk.ts';

/** One or more ${env.NAME}, nothing else (no literal text, no default, which would be a literal too). */
const FROM_ENV = /^(\$\{\s*env\.[A-Za-z_][A-Za-z0-9_]*\s*\})+$/;

export function validatePassphrases(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const check = (tls: TlsOptions | undefined, path: PathSegment[]): void => {
    if (tls?.passphrase === undefined || FROM_ENV.test(tls.passphrase)) return;
    issues.push({
      path: [...path, 'passphrase'],
      message:
        'a client key passphrase is not written in the plan: write ${env.NAME} and set NAME in the environment ' +
        "(loadsmith run -e NAME=..., or a secret variable of the app's environment)",
    });
  };
  check(plan.defaults?.http?.tls, ['defaults', 'http', 'tls']);
  for (const { request, path } of requestsOf(plan)) check(request.http?.tls, [...path, 'http', 'tls']);
  for (const { call, path } of grpcCallsOf(plan)) check(call.tls, [...path, 'tls']);
  for (const { step, path } of stepsOf(plan))
    if ('websocket' in step) check(step.websocket.tls, [...path, 'websocket', 'tls']);
  return issues;
}
