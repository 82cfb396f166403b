/**
 * One OpenAPI operation -> one draft request: path parameters filled with what an earlier operation created, or
 * examples (a write's unchained ones from the environment), required (or exemplified) query, header and cookie
 * parameters, a request body from its example or generated from its schema, credentials from the security
 * requirements, and the documented success status as a check. Values are template text: a generated `${uuid()}`
 * survives the URL encoding that literal text gets.
 */
import type { Check } from '../../plan/schema/index.ts';
import { literalJson, type DraftBody, type DraftRequest, type Notes } from '../draft.ts';
import { multipartText } from '../multipart.ts';
import { envName, isSecretName } from '../secrets.ts';
import { encodeTemplate } from '../template-parts.ts';
import { exampleOf, isBinary } from './example.ts';
import { isObj, type Obj, type Refs } from './refs.ts';
import { credentials } from './security.ts';
import { isWrite, type Operation } from './writes.ts';

export interface OperationContext {
  refs: Refs;
  notes: Notes;
  label: string;
  schemes: Obj;
  rootSecurity: unknown;
}

/** `bound`: path parameters filled by earlier operations (`${item_id}`). */
export function operationDraft(
  o: Operation,
  c: OperationContext,
  bound: ReadonlyMap<string, string> = new Map(),
): DraftRequest {
  const { path, method, op, where } = o;
  const params = merge(
    [...o.pathParams, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) => c.refs.deref(p, where)),
  );
  let url = path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const left: string[] = [];
  for (const p of params) {
    const name = String(p.name);
    const hasExample =
      p.example !== undefined || isObj(p.examples) || c.refs.deref(p.schema, where).example !== undefined;
    const value = paramValue(p, c.refs, where);
    const secret = p.in === 'path' && !bound.has(name) && isSecretName(name);
    if (p.in === 'path')
      url = url.replaceAll(
        `{${name}}`,
        bound.get(name) ??
          (secret ? secretFromEnv(name, o, c) : isWrite(o) ? fromEnv(name, o, c) : encodeTemplate(text(value ?? name))),
      );
    if (p.in === 'path' && !bound.has(name) && !isWrite(o) && !hasExample && !secret) {
      c.notes.add(
        'info',
        where,
        `path parameter ${name} has no example: a made-up value is sent (expect a 404); give it an example, or import with --include-writes to read what the plan creates`,
      );
    } else if (!(p.required === true || hasExample) || value === undefined) left.push(`${String(p.in)} ${name}`);
    else if (p.in === 'query')
      for (const v of Array.isArray(value) ? value : [value])
        query.push(`${encodeURIComponent(name)}=${encodeTemplate(text(v))}`);
    else if (p.in === 'header') headers.push([name, text(value)]);
    else if (p.in === 'cookie') headers.push(['Cookie', `${name}=${text(value)}`]);
  }
  if (left.length > 0) notes(c, where, 'info', `optional parameters without an example left out: ${left.join(', ')}`);
  const name =
    typeof op.operationId === 'string'
      ? op.operationId
      : typeof op.summary === 'string' && op.summary
        ? op.summary
        : `${method.toUpperCase()} ${path}`;
  const cred = credentials(op.security ?? c.rootSecurity, c.schemes, where, c.notes, c.label);
  query.push(...cred.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`));
  const d: DraftRequest = {
    name,
    method: method.toUpperCase(),
    url: url + (query.length ? `?${query.join('&')}` : ''),
    headers: [...headers, ...cred.headers],
    where,
  };
  if (cred.auth) d.auth = cred.auth;
  const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined;
  if (tag) d.group = [tag];
  const body = requestBody(op.requestBody, d.headers, c, where);
  if (body) d.body = body;
  const check = statusCheck(op.responses, c, where);
  if (check) d.checks = [check];
  if (op.deprecated === true) notes(c, where, 'info', 'the operation is deprecated');
  return d;
}

/** A parameter's value as template text (examples from the document are literal data, generated values templates). */
function paramValue(p: Obj, refs: Refs, where: string): unknown {
  if (p.example !== undefined) return literalJson(p.example);
  if (isObj(p.examples)) {
    const first = Object.values(p.examples)[0];
    const ex = refs.deref(first, where);
    if (ex.value !== undefined) return literalJson(ex.value);
  }
  return exampleOf(p.schema, refs, where);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** A write never changes a fixed example resource: the user names the one it may change. */
function fromEnv(name: string, o: Operation, c: OperationContext): string {
  const env = envName(name);
  c.notes.add(
    'approximated',
    o.where,
    `path parameter ${name}: no operation of the plan creates it, so this ${o.method.toUpperCase()} reads \${env.${env}} (with no default: the run does not start until you set it to a resource the test may change)`,
  );
  return `\${env.${env}}`;
}

/** A path parameter named as a credential (`/reset/{token}`): its example is not written, the run reads it. */
function secretFromEnv(name: string, o: Operation, c: OperationContext): string {
  const env = envName(name);
  c.notes.add(
    'secret',
    o.where,
    `path parameter ${name} is a credential: the plan reads \${env.${env}}, not the document's example; run with --env ${env}=...`,
  );
  return `\${env.${env}}`;
}

/** Operation parameters override path-level ones with the same name and location. */
function merge(params: Obj[]): Obj[] {
  const byKey = new Map<string, Obj>();
  for (const p of params) byKey.set(`${String(p.in)}:${String(p.name)}`, p);
  return [...byKey.values()];
}

function requestBody(
  raw: unknown,
  headers: [string, string][],
  c: OperationContext,
  where: string,
): DraftBody | undefined {
  const rb = c.refs.deref(raw, where);
  const content = isObj(rb.content) ? rb.content : {};
  const types = Object.keys(content);
  if (types.length === 0) return undefined;
  const pick =
    types.find((t) => /json/i.test(t)) ??
    types.find((t) => t.startsWith('application/x-www-form-urlencoded')) ??
    types.find((t) => t.startsWith('multipart/')) ??
    (types[0] as string);
  if (types.length > 1)
    notes(
      c,
      where,
      'info',
      `request body sent as ${pick} (also documented: ${types.filter((t) => t !== pick).join(', ')})`,
    );
  const media = c.refs.deref(content[pick], where);
  let value: unknown = media.example;
  if (value === undefined && isObj(media.examples)) value = c.refs.deref(Object.values(media.examples)[0], where).value;
  value = value === undefined ? exampleOf(media.schema, c.refs, where, { notes: c.notes }) : literalJson(value);
  if (/json/i.test(pick)) {
    if (pick.toLowerCase() !== 'application/json') headers.push(['Content-Type', pick]);
    return value === undefined ? undefined : { kind: 'json', value };
  }
  if (pick.startsWith('application/x-www-form-urlencoded') || pick.startsWith('multipart/')) {
    const schema = c.refs.deref(media.schema, where);
    const fields: [string, string][] = [];
    for (const [k, prop] of Object.entries(isObj(schema.properties) ? schema.properties : {})) {
      if (isBinary(prop, c.refs, where))
        notes(c, where, 'not-imported', `file field ${k}: plans cannot send files inside a form`);
    }
    for (const [k, v] of Object.entries(isObj(value) ? value : {}))
      fields.push([k, typeof v === 'string' ? v : JSON.stringify(v)]);
    if (pick.startsWith('application/')) return { kind: 'form', fields };
    const built = multipartText(fields.map(([name, v]) => ({ name, value: v })));
    headers.push(['Content-Type', built.contentType]);
    notes(c, where, 'approximated', 'multipart body built as text with a fixed boundary');
    return { kind: 'text', text: built.text };
  }
  if (typeof value === 'string') {
    headers.push(['Content-Type', pick]);
    return { kind: 'text', text: value };
  }
  notes(c, where, 'not-imported', `a ${pick} body (no example to send): add a \`file:\` or \`text:\` body`);
  return undefined;
}

function statusCheck(responses: unknown, c: OperationContext, where: string): Check | undefined {
  const codes = Object.keys(isObj(responses) ? responses : {});
  const ok = codes.filter((k) => /^2\d\d$/.test(k)).sort()[0];
  if (ok) return { status: Number(ok) };
  if (codes.some((k) => /^2xx$/i.test(k)) || codes.includes('default')) return { status: '2xx' };
  notes(c, where, 'info', `no success response documented (${codes.join(', ') || 'none'}): no status check added`);
  return undefined;
}

function notes(
  c: OperationContext,
  where: string,
  kind: 'info' | 'not-imported' | 'approximated',
  message: string,
): void {
  c.notes.add(kind, where, message);
}
