/**
 * OpenAPI 3.x (and Swagger 2.0), JSON or YAML -> a plan with one request per operation, in document order,
 * grouped by first tag. The first server is the base URL (overridable with BASE_URL); parameters and bodies come
 * from examples or are generated from schemas; security schemes become auth read from the environment; the
 * documented success status becomes a check.
 */
import { buildPlan } from '../build-plan.ts';
import { Notes, type DraftRequest } from '../draft.ts';
import { parseStructured } from '../structured.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { operationDraft, type OperationContext } from './operation.ts';
import { isObj, Refs, type Obj } from './refs.ts';
import { fromSwagger2 } from './swagger2.ts';

export interface OpenApiImportOptions extends ImportOptions {
  /** The base URL when the document's server is relative or missing (default http://localhost). */
  baseUrl?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function importOpenApi(text: string, o: OpenApiImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const source = parseStructured(text, label, 'an OpenAPI or Swagger document');
  const raw = source.value;
  if (!isObj(raw) || (typeof raw.openapi !== 'string' && raw.swagger !== '2.0')) {
    throw new ConvertError(`${label}: not an OpenAPI 3.x or Swagger 2.0 document: the top level needs \`openapi: 3.x.y\` or \`swagger: "2.0"\``);
  }
  if (typeof raw.openapi === 'string' && !raw.openapi.startsWith('3.')) throw new ConvertError(`${label}: ${source.at(['openapi'])}: OpenAPI ${raw.openapi} is not supported (3.0 and 3.1 are, and Swagger 2.0)`);
  const notes = new Notes();
  const refs = new Refs(raw, notes, label);
  const doc: Obj = raw.swagger === '2.0' ? fromSwagger2(raw, refs) : raw;
  const components = isObj(doc.components) ? doc.components : {};
  const c: OperationContext = { refs, notes, label, schemes: isObj(components.securitySchemes) ? components.securitySchemes : {}, rootSecurity: doc.security };
  const drafts: DraftRequest[] = [];
  for (const [path, itemRaw] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    const item = refs.deref(itemRaw, path);
    for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
      if (!isObj(item[m])) continue;
      if (m === 'trace') { notes.add('not-imported', `${label}: TRACE ${path}`, 'method TRACE is not supported by plans'); continue; }
      drafts.push(operationDraft(path, m, item[m] as Obj, Array.isArray(item.parameters) ? item.parameters : [], c));
    }
  }
  if (drafts.length === 0) throw new ConvertError(`${label}: the document has no operations under paths`);
  const info = isObj(doc.info) ? doc.info : {};
  const { plan, env } = buildPlan(drafts, {
    name: o.name ?? (typeof info.title === 'string' ? info.title : `Imported from ${o.file ?? 'OpenAPI'}`),
    ...(typeof info.version === 'string' ? { description: `From the API description version ${info.version}` } : {}),
    notes,
    scrubValues: false,
    baseUrl: baseUrl(doc, o, notes, label),
  });
  return { plan, notes: notes.list, env, format: 'openapi' };
}

/** The first server, variables filled with their defaults; a relative server is put under http://localhost. */
function baseUrl(doc: Obj, o: OpenApiImportOptions, notes: Notes, label: string): string {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObj) : [];
  if (servers.length > 1) notes.add('info', `${label}: servers`, `the first server is the base URL; others: ${servers.slice(1).map((s) => String(s.url)).join(', ')}`);
  const first = servers[0];
  let url = typeof first?.url === 'string' ? first.url : '';
  for (const [name, v] of Object.entries(isObj(first?.variables) ? first.variables : {})) {
    url = url.replaceAll(`{${name}}`, isObj(v) && v.default !== undefined ? String(v.default) : name);
  }
  url = url.replace(/\/$/, '');
  if (/^https?:\/\//i.test(url)) return o.baseUrl ?? url;
  const base = (o.baseUrl ?? 'http://localhost').replace(/\/$/, '');
  if (o.baseUrl === undefined) notes.add('info', `${label}: servers`, `the server URL is ${url ? `relative (${url})` : 'missing'}: the base URL is ${base}${url}; run with --env BASE_URL=... to point it at your API`);
  return base + url;
}
