/**
 * A plan request as the engine would send it, still as templates: the defaults merged in (base URL, headers,
 * auth, timeout, connection options), auth turned into its header or query parameter, the body's Content-Type
 * made explicit. Exporters to other tools (curl, HAR, k6) start from this.
 */
import type { Auth, Defaults, Plan, Request, Step } from '../plan/schema/index.ts';
import { requestName } from '../plan/names.ts';

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
  body?: { kind: 'json'; value: unknown } | { kind: 'form'; fields: [string, string][] } | { kind: 'text'; text: string } | { kind: 'file'; path: string };
  timeout?: string;
  maxRedirects: number;
  insecureTls: boolean;
  request: Request;
}

const TYPES: Record<string, string> = {
  json: 'application/json', xml: 'application/xml', txt: 'text/plain', csv: 'text/csv', html: 'text/html',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', pdf: 'application/pdf',
};

export function resolveRequest(plan: Plan, r: Request): ResolvedRequest {
  const d: Defaults = plan.defaults ?? {};
  const headers = new Map<string, [string, string]>();
  for (const h of [d.headers, r.headers]) for (const [k, v] of Object.entries(h ?? {})) headers.set(k.toLowerCase(), [k, String(v)]);
  const query = Object.entries(r.query ?? {}).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)] as [string, string]));
  const out: ResolvedRequest = {
    name: requestName(r), method: r.method ?? 'GET', url: joinUrl(d.baseUrl, r.url), query, headers: [],
    maxRedirects: r.maxRedirects ?? d.http?.maxRedirects ?? 10, insecureTls: r.http?.insecureTls ?? d.http?.insecureTls ?? false, request: r,
  };
  const timeout = r.timeout ?? d.timeout;
  if (timeout) out.timeout = timeout;
  applyAuth(out, r.auth ?? d.auth, headers, query);
  const type = body(out, r);
  if (type && !headers.has('content-type')) headers.set('content-type', ['Content-Type', type]);
  out.headers = [...headers.values()];
  return out;
}

function applyAuth(out: ResolvedRequest, auth: Auth | undefined, headers: Map<string, [string, string]>, query: [string, string][]): void {
  if (!auth || auth.type === 'none') return;
  if (auth.type === 'basic') { out.basic = { username: auth.username, password: auth.password }; return; }
  if (auth.type === 'bearer') {
    if (!headers.has('authorization')) headers.set('authorization', ['Authorization', `${auth.scheme ?? 'Bearer'} ${auth.token}`]);
    return;
  }
  if ((auth.in ?? 'header') === 'query') query.push([auth.name, auth.value]);
  else if (!headers.has(auth.name.toLowerCase())) headers.set(auth.name.toLowerCase(), [auth.name, auth.value]);
}

function body(out: ResolvedRequest, r: Request): string | undefined {
  if (r.json !== undefined) { out.body = { kind: 'json', value: r.json }; return 'application/json'; }
  if (r.form !== undefined) {
    out.body = { kind: 'form', fields: Object.entries(r.form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)] as [string, string])) };
    return 'application/x-www-form-urlencoded';
  }
  if (r.text !== undefined) { out.body = { kind: 'text', text: r.text }; return 'text/plain; charset=utf-8'; }
  if (r.file !== undefined) {
    const path = typeof r.file === 'string' ? r.file : r.file.path;
    out.body = { kind: 'file', path };
    return (typeof r.file === 'object' ? r.file.contentType : undefined) ?? TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
  }
  return undefined;
}

/** The engine's rule: an absolute URL is used as it is, anything else is appended to the base URL. */
export function joinUrl(base: string | undefined, url: string): string {
  if (/^https?:\/\//i.test(url) || base === undefined) return url;
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return url === '' ? b : url.startsWith('/') || url.startsWith('?') ? b + url : `${b}/${url}`;
}

/** Every request of the plan in order (scenarios, groups and batches flattened), with its group path. */
export function* planRequests(plan: Plan): Generator<{ request: Request; scenario: string; group: string[] }> {
  for (const [scenario, sc] of Object.entries(plan.scenarios)) yield* inSteps(sc.steps, scenario, []);
}

function* inSteps(steps: readonly Step[], scenario: string, group: string[]): Generator<{ request: Request; scenario: string; group: string[] }> {
  for (const s of steps) {
    if ('request' in s) yield { request: s.request, scenario, group };
    else if ('batch' in s) for (const b of s.batch) yield { request: b.request, scenario, group };
    else if ('group' in s) yield* inSteps(s.group.steps, scenario, [...group, s.group.name]);
  }
}
