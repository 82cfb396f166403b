/** Rules on requests the schema cannot express: one body, valid regexes and JSONPaths, bodies kept when needed. */
import { compileJsonPath, JsonPathSyntaxError } from '../jsonpath/index.ts';
import { parseDuration } from '../base/duration.ts';
import type { PlanIssue } from './errors.ts';
import type { PathSegment } from './path.ts';
import { BODY_KEYS, type Plan } from './schema/index.ts';
import { requestsOf, stepsOf } from './walk.ts';

export function validateRequests(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const discard = plan.defaults?.http?.discardResponseBodies === true;
  const hasBase = plan.defaults?.baseUrl !== undefined;
  for (const { request: r, path } of requestsOf(plan)) {
    // A URL starting with an expression may turn out absolute at run time; anything else is known now.
    if (!hasBase && !/^https?:\/\//i.test(r.url) && !r.url.startsWith('${')) {
      issues.push({
        path: [...path, 'url'],
        message: `'${r.url}' is relative, but defaults.baseUrl is not set: set it, or write an absolute http(s):// URL`,
      });
    }
    const bodies = BODY_KEYS.filter((k) => r[k] !== undefined);
    if (bodies.length > 1)
      issues.push({
        path: [...path, bodies[1] as string],
        message: `a request has one body: remove either ${bodies.join(' or ')}`,
      });

    for (const [i, c] of (r.checks ?? []).entries()) {
      const at = [...path, 'checks', i];
      if ('matches' in c && c.matches !== undefined) regex(c.matches, [...at, 'matches'], issues);
      if ('body' in c && c.body.matches !== undefined) regex(c.body.matches, [...at, 'body', 'matches'], issues);
      if ('jsonPath' in c) jsonPath(c.jsonPath, [...at, 'jsonPath'], issues);
      if ('duration' in c && c.duration.lt === undefined && c.duration.lte === undefined) {
        issues.push({
          path: [...at, 'duration'],
          message: 'a duration check needs lt or lte, e.g. { duration: { lt: 500ms } }',
        });
      }
      if (discard && ('body' in c || 'jsonPath' in c)) {
        issues.push({
          path: at,
          message: 'this check reads the response body, but defaults.http.discardResponseBodies is true',
        });
      }
    }
    for (const [name, x] of Object.entries(r.extract ?? {})) {
      const at = [...path, 'extract', name];
      if ('regex' in x) regex(x.regex, [...at, 'regex'], issues);
      if ('jsonPath' in x) jsonPath(x.jsonPath, [...at, 'jsonPath'], issues);
      const readsBody = 'jsonPath' in x || (('regex' in x || 'boundary' in x) && (x.from ?? 'body') === 'body');
      if (discard && readsBody)
        issues.push({
          path: at,
          message: 'this extraction reads the response body, but defaults.http.discardResponseBodies is true',
        });
    }
  }
  for (const { step, path } of stepsOf(plan)) {
    if (!('think' in step) || typeof step.think !== 'object') continue;
    const min = parseDuration(step.think.min) ?? 0;
    const max = parseDuration(step.think.max) ?? 0;
    if (min > max)
      issues.push({
        path: [...path, 'think'],
        message: `min (${step.think.min}) is greater than max (${step.think.max})`,
      });
  }
  clientCertificate(plan.defaults?.http?.tls, ['defaults', 'http', 'tls'], issues);
  for (const { request, path } of requestsOf(plan))
    clientCertificate(request.http?.tls, [...path, 'http', 'tls'], issues);
  return issues;
}

/** A client certificate needs its key, and a key its certificate. */
function clientCertificate(
  tls: { certFile?: string | undefined; keyFile?: string | undefined } | undefined,
  path: PathSegment[],
  issues: PlanIssue[],
): void {
  if (tls?.certFile !== undefined && tls.keyFile === undefined)
    issues.push({ path: [...path, 'certFile'], message: 'a client certificate needs its private key: add keyFile' });
  if (tls?.keyFile !== undefined && tls.certFile === undefined)
    issues.push({ path: [...path, 'keyFile'], message: 'a private key needs its client certificate: add certFile' });
}

function regex(source: string, path: PathSegment[], issues: PlanIssue[]): void {
  try {
    new RegExp(source);
  } catch (e) {
    issues.push({
      path,
      message: `not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`,
    });
  }
}

function jsonPath(source: string, path: PathSegment[], issues: PlanIssue[]): void {
  try {
    compileJsonPath(source);
  } catch (e) {
    if (!(e instanceof JsonPathSyntaxError)) throw e;
    issues.push({ path, message: `not a valid JSONPath: ${e.message}` });
  }
}
