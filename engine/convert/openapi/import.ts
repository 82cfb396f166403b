/**
 * OpenAPI 3.x (and Swagger 2.0), JSON or YAML -> a plan with one request per operation, in document order,
 * grouped by first tag. Operations that change state (DELETE, PUT, PATCH, most POSTs) are left out unless asked
 * for; then they run create, read, update, delete, using what they created (links, or a created id matching a
 * later path parameter). The first server is the base URL (overridable with BASE_URL); parameters and bodies come
 * from examples or are generated from schemas; security schemes become auth read from the environment; the
 * documented success status becomes a check.
 */
import { buildPlan } from '../build-plan.ts';
import { Notes, type DraftRequest } from '../draft.ts';
import { parseStructured } from '../structured.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { chainOperations } from './chain.ts';
import { operationDraft, type OperationContext } from './operation.ts';
import { isObj, Refs, type Obj } from './refs.ts';
import { fromSwagger2 } from './swagger2.ts';
import { isWrite, writeOrder, type Operation } from './writes.ts';

export interface OpenApiImportOptions extends ImportOptions {
  /** The base URL when the document's server is relative or missing (default http://localhost). */
  baseUrl?: string;
  /**
   * Include the operations that change state: DELETE, PUT, PATCH, and POST unless it only reads (a search).
   * Default false: an imported plan never writes unless the user turned this on (`loadsmith import --include-writes`).
   */
  includeWrites?: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function importOpenApi(text: string, o: OpenApiImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const source = parseStructured(text, label, 'an OpenAPI or Swagger document');
  const raw = source.value;
  if (!isObj(raw) || (typeof raw.openapi !== 'string' && raw.swagger !== '2.0')) {
    throw new ConvertError(
      `${label}: not an OpenAPI 3.x or Swagger 2.0 document: the top level needs \`openapi: 3.x.y\` or \`swagger: "2.0"\``,
    );
  }
  if (typeof raw.openapi === 'string' && !raw.openapi.startsWith('3.'))
    throw new ConvertError(
      `${label}: ${source.at(['openapi'])}: OpenAPI ${raw.openapi} is not supported (3.0 and 3.1 are, and Swagger 2.0)`,
    );
  const notes = new Notes();
  const refs = new Refs(raw, notes, label);
  const doc: Obj = raw.swagger === '2.0' ? fromSwagger2(raw, refs) : raw;
  const components = isObj(doc.components) ? doc.components : {};
  const c: OperationContext = {
    refs,
    notes,
    label,
    schemes: isObj(components.securitySchemes) ? components.securitySchemes : {},
    rootSecurity: doc.security,
  };
  const all: Operation[] = [];
  for (const [path, itemRaw] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    const item = refs.deref(itemRaw, path);
    for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
      if (!isObj(item[m])) continue;
      if (m === 'trace') {
        notes.add('not-imported', `${label}: TRACE ${path}`, 'method TRACE is not supported by plans');
        continue;
      }
      const op = item[m] as Obj;
      all.push({
        path,
        method: m,
        op,
        pathParams: Array.isArray(item.parameters) ? item.parameters : [],
        where: operationWhere(label, path, m, op),
        tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined,
      });
    }
  }
  if (all.length === 0) throw new ConvertError(`${label}: the document has no operations under paths`);
  const ops = o.includeWrites ? writeOrder(all) : all.filter((x) => !isWrite(x));
  reportWrites(all, o.includeWrites === true, notes, label);
  if (ops.length === 0)
    throw new ConvertError(
      `${label}: every operation of the document changes state (${all.length}), and writes are left out unless asked for: import with --include-writes`,
    );
  const chain = chainOperations(ops, refs, notes);
  const drafts: DraftRequest[] = ops.map((x) => {
    const d = operationDraft(x, c, chain.bound.get(x));
    const extract = chain.extract.get(x);
    return extract ? { ...d, extract } : d;
  });
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

function operationWhere(label: string, path: string, method: string, op: Obj): string {
  return `${label}: ${method.toUpperCase()} ${path}${typeof op.operationId === 'string' ? ` (${op.operationId})` : ''}`;
}

/** Each left-out write is listed (the report is where the user learns the plan does not write). */
function reportWrites(all: readonly Operation[], included: boolean, notes: Notes, label: string): void {
  const writes = all.filter(isWrite);
  if (writes.length === 0) return;
  if (included) {
    notes.add(
      'info',
      `${label}: writes`,
      `${writes.length} operation${writes.length === 1 ? '' : 's'} that change state included, as asked: each tag runs its creates, reads, updates, then deletes, on what the plan created`,
    );
    return;
  }
  for (const w of writes)
    notes.add(
      'not-imported',
      w.where,
      `${w.method.toUpperCase()} changes state: left out; import with --include-writes to add the operations that write`,
    );
}

/** The first server, variables filled with their defaults; a relative server is put under http://localhost. */
function baseUrl(doc: Obj, o: OpenApiImportOptions, notes: Notes, label: string): string {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObj) : [];
  if (servers.length > 1)
    notes.add(
      'info',
      `${label}: servers`,
      `the first server is the base URL; others: ${servers
        .slice(1)
        .map((s) => String(s.url))
        .join(', ')}`,
    );
  const first = servers[0];
  let url = typeof first?.url === 'string' ? first.url : '';
  for (const [name, v] of Object.entries(isObj(first?.variables) ? first.variables : {})) {
    url = url.replaceAll(`{${name}}`, isObj(v) && v.default !== undefined ? String(v.default) : name);
  }
  url = url.replace(/\/$/, '');
  if (/^https?:\/\//i.test(url)) return o.baseUrl ?? url;
  const base = (o.baseUrl ?? 'http://localhost').replace(/\/$/, '');
  if (o.baseUrl === undefined)
    notes.add(
      'info',
      `${label}: servers`,
      `the server URL is ${url ? `relative (${url})` : 'missing'}: the base URL is ${base}${url}; run with --env BASE_URL=... to point it at your API`,
    );
  return base + url;
}
