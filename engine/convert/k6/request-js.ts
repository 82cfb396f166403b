/**
 * One plan request -> the arguments of a k6 request: method, URL (base URL joined, query appended), body, and
 * params (merged headers with auth and Content-Type, tags `request` and `name` so thresholds and results use
 * the plan's request names, timeout, redirects, expected statuses). Then its checks and extractions.
 */
import type { Plan, Request } from '../../plan/schema/index.ts';
import { resolveRequest } from '../resolve.ts';
import { checkEntries } from './checks-js.ts';
import { extractLines } from './extract-js.ts';
import { str, type Script } from './script.ts';
import { constantValue, isConstant, textJs, valueJs } from './template-js.ts';

export interface RequestJs {
  method: string;
  url: string;
  body: string;
  params: string;
}

export function requestArgs(plan: Plan, request: Request, s: Script): RequestJs {
  const r = resolveRequest(plan, request);
  const where = `request '${r.name}'`;
  let url =
    request.url.startsWith('${') && plan.defaults?.baseUrl !== undefined
      ? (s.use('u'), `u(${textJs(plan.defaults.baseUrl, s)}, ${textJs(request.url, s)})`)
      : textJs(r.url, s);
  if (r.query.length > 0) {
    s.use('q');
    url = `q(${url}, [${r.query.map(([k, v]) => `[${str(k)}, ${valueJs(v, s)}]`).join(', ')}])`;
  }
  const headers = r.headers.map(([k, v]) => `${str(k)}: ${textJs(v, s)}`);
  if (r.basic) {
    s.encoding = true;
    headers.push(
      `Authorization: 'Basic ' + encoding.b64encode(${textJs(`${r.basic.username}:${r.basic.password}`, s)})`,
    );
  }
  const params = [
    `headers: { ${headers.join(', ')} }`,
    `tags: { request: ${str(r.name)}, name: ${str(r.name)}${tagsJs(request.tags)} }`,
  ];
  if (r.timeout) params.push(`timeout: ${str(r.timeout)}`);
  if (request.maxRedirects !== undefined) params.push(`redirects: ${request.maxRedirects}`);
  if (request.expectedStatuses)
    params.push(
      `responseCallback: http.expectedStatuses(${request.expectedStatuses.map((x) => JSON.stringify(x)).join(', ')})`,
    );
  if (plan.defaults?.http?.cookies === 'off') params.push('jar: new http.CookieJar()');
  if (request.http)
    s.notes.add(
      'not-exported',
      where,
      'per-request connection options (protocol, keep-alive, TLS): k6 sets these for the whole test; see options',
    );
  return { method: str(r.method), url, body: bodyJs(r.body, s), params: `{ ${params.join(', ')} }` };
}

function bodyJs(b: ReturnType<typeof resolveRequest>['body'], s: Script): string {
  if (!b) return 'null';
  switch (b.kind) {
    case 'json':
      return isConstant(b.value)
        ? str(JSON.stringify(constantValue(b.value)))
        : `JSON.stringify(${valueJs(b.value, s)})`;
    case 'text':
      return textJs(b.text, s);
    case 'file':
      return s.file(b.path);
    case 'form':
      if (b.fields.every(([, v]) => isConstant(v)))
        return str(
          b.fields
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(constantValue(v)))}`)
            .join('&'),
        );
      s.use('form');
      return `form([${b.fields.map(([k, v]) => `[${str(k)}, ${valueJs(v, s)}]`).join(', ')}])`;
  }
}

function tagsJs(tags: Record<string, string> | undefined): string {
  return Object.entries(tags ?? {})
    .map(([k, v]) => `, ${str(k)}: ${str(v)}`)
    .join('');
}

/**
 * What follows a response: the status status() reads, its checks (tagged with the request name, as Loadsmith tags
 * them) and extractions. `watch`: a suffix for the variables its failure policy reads (`checked`, `missed`).
 */
export function afterResponse(request: Request, res: string, name: string, s: Script, watch?: string): string[] {
  const lines: string[] = [];
  if (s.statuses) lines.push(`noteStatus(${res}, ${str(name)});`);
  if (request.checks?.length) {
    const call = watch === undefined ? 'check(' : `const checked${watch} = check(`;
    lines.push(
      `${call}${res}, {`,
      ...checkEntries(request.checks, s, `request '${name}'`).map((e) => `  ${e}`),
      `}, { request: ${str(name)} });`,
    );
  } else if (watch !== undefined) lines.push(`const checked${watch} = true;`);
  if (watch !== undefined) lines.push(`const missed${watch} = [];`);
  if (request.extract)
    lines.push(
      ...extractLines(request.extract, res, s, `request '${name}'`, watch === undefined ? undefined : `missed${watch}`),
    );
  return lines;
}
