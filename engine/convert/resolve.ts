/**
 * A plan request as the engine would send it, still as templates: the defaults merged in (base URL, headers,
 * auth, timeout, connection options), auth turned into its header or query parameter, the body's Content-Type
 * made explicit. Exporters to other tools (curl, HAR, k6) start from this.
 */
import { requestName } from '../plan/names.ts';
import { formatPath, type PathSegment } from '../plan/path.ts';
import { childLists } from '../plan/child-lists.ts';
import type { Auth, Defaults, Plan, Request, Step } from '../plan/schema/index.ts';
import { SETUP, TEARDOWN } from '../plan/walk.ts';

export interface ResolvedRequest {
  name: string;
  method: string;
  /** Base URL joined in (template text). */
  url: string;
  query: [string, string][];
  /** Merged, auth included, Content-Type made explicit; all template text. */
  headers: [string, string][];
  /** Basic auth is kept apart too: curl writes it as -u. */
  basic?: { username: string; password: string };
  body?:
    | { kind: 'json'; value: unknown }
    | { kind: 'form'; fields: [string, string][] }
    | { kind: 'text'; text: string }
    | { kind: 'file'; path: string };
  timeout?: string;
  maxRedirects: number;
  insecureTls: boolean;
  request: Request;
}

const TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export function resolveRequest(plan: Plan, r: Request): ResolvedRequest {
  const d: Defaults = plan.defaults ?? {};
  const headers = new Map<string, [string, string]>();
  for (const h of [d.headers, r.headers])
    for (const [k, v] of Object.entries(h ?? {})) headers.set(k.toLowerCase(), [k, String(v)]);
  const query = Object.entries(r.query ?? {}).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)] as [string, string]),
  );
  const out: ResolvedRequest = {
    name: requestName(r),
    method: r.method ?? 'GET',
    url: joinUrl(d.baseUrl, r.url),
    query,
    headers: [],
    maxRedirects: r.maxRedirects ?? d.http?.maxRedirects ?? 10,
    insecureTls: r.http?.insecureTls ?? d.http?.insecureTls ?? false,
    request: r,
  };
  const timeout = r.timeout ?? d.timeout;
  if (timeout) out.timeout = timeout;
  applyAuth(out, r.auth ?? d.auth, headers, query);
  const type = body(out, r);
  if (type && !headers.has('content-type')) headers.set('content-type', ['Content-Type', type]);
  out.headers = [...headers.values()];
  return out;
}

function applyAuth(
  out: ResolvedRequest,
  auth: Auth | undefined,
  headers: Map<string, [string, string]>,
  query: [string, string][],
): void {
  if (!auth || auth.type === 'none') return;
  if (auth.type === 'basic') {
    out.basic = { username: auth.username, password: auth.password };
    return;
  }
  if (auth.type === 'bearer') {
    if (!headers.has('authorization'))
      headers.set('authorization', ['Authorization', `${auth.scheme ?? 'Bearer'} ${auth.token}`]);
    return;
  }
  if ((auth.in ?? 'header') === 'query') query.push([auth.name, auth.value]);
  else if (!headers.has(auth.name.toLowerCase())) headers.set(auth.name.toLowerCase(), [auth.name, auth.value]);
}

function body(out: ResolvedRequest, r: Request): string | undefined {
  if (r.json !== undefined) {
    out.body = { kind: 'json', value: r.json };
    return 'application/json';
  }
  if (r.form !== undefined) {
    out.body = {
      kind: 'form',
      fields: Object.entries(r.form).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)] as [string, string]),
      ),
    };
    return 'application/x-www-form-urlencoded';
  }
  if (r.text !== undefined) {
    out.body = { kind: 'text', text: r.text };
    return 'text/plain; charset=utf-8';
  }
  if (r.file !== undefined) {
    const path = typeof r.file === 'string' ? r.file : r.file.path;
    out.body = { kind: 'file', path };
    return (
      (typeof r.file === 'object' ? r.file.contentType : undefined) ??
      TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ??
      'application/octet-stream'
    );
  }
  return undefined;
}

/** The engine's rule: an absolute URL is used as it is, anything else is appended to the base URL. */
export function joinUrl(base: string | undefined, url: string): string {
  if (/^https?:\/\//i.test(url) || base === undefined) return url;
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return url === '' ? b : url.startsWith('/') || url.startsWith('?') ? b + url : `${b}/${url}`;
}

/** A request of the plan, with where it sits. */
export interface PlanRequest {
  request: Request;
  /** The scenario's name, or SETUP / TEARDOWN. */
  scenario: string;
  group: string[];
  /** The flow-control steps around it, outermost first, as messages name them: `doWhile at steps[3]`, `if at steps[1] (else)`. */
  flow: string[];
}

/**
 * Every request of the plan once, in document order: setup's, each scenario's, teardown's; groups, batches,
 * branches and loop bodies flattened (a loop's request once, every branch's), with its group path and flow steps.
 */
export function* planRequests(plan: Plan): Generator<PlanRequest> {
  if (plan.setup) yield* inSteps(plan.setup.steps, ['setup', 'steps'], SETUP, [], []);
  for (const [scenario, sc] of Object.entries(plan.scenarios)) yield* inSteps(sc.steps, ['steps'], scenario, [], []);
  if (plan.teardown) yield* inSteps(plan.teardown.steps, ['teardown', 'steps'], TEARDOWN, [], []);
}

function* inSteps(
  steps: readonly Step[],
  path: PathSegment[],
  scenario: string,
  group: string[],
  flow: string[],
): Generator<PlanRequest> {
  for (const [i, s] of steps.entries()) {
    if ('request' in s) yield { request: s.request, scenario, group, flow };
    else if ('batch' in s) for (const b of s.batch) yield { request: b.request, scenario, group, flow };
    else if ('group' in s)
      yield* inSteps(s.group.steps, [...path, i, 'group', 'steps'], scenario, [...group, s.group.name], flow);
    else {
      const kind = Object.keys(s)[0] ?? '';
      const label = `${kind} at ${formatPath([...path, i])}`;
      for (const child of childLists(s)) {
        const branch =
          typeof child.path[1] === 'number'
            ? ` (branch ${child.path[1] + 1})`
            : child.path[1] === 'else'
              ? ' (else)'
              : '';
        yield* inSteps(child.steps, [...path, i, ...child.path], scenario, group, [...flow, `${label}${branch}`]);
      }
    }
  }
}
