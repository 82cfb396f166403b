/**
 * A Postman collection (v2.1 or v2.0), with its environment file, -> a plan: folders become groups, auth is
 * resolved through collection > folder > request, variables become plan variables or `${env.NAME}`, and scripts
 * are reported, never run (common test assertions become checks). Requests keep the collection's order.
 */
import { buildPlan } from '../build-plan.ts';
import { Notes, type DraftRequest } from '../draft.ts';
import { check, parseStructured } from '../structured.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { convertAuth, type Resolved } from './auth.ts';
import { convertBody } from './body.ts';
import { Collection, Environment, type PostmanItem } from './schema.ts';
import { readEvents } from './scripts.ts';
import { postmanUrl } from './url.ts';
import { PostmanVariables } from './variables.ts';

export interface PostmanImportOptions extends ImportOptions {
  /** The text of a Postman environment file (`*.postman_environment.json`). */
  environment?: string;
  environmentFile?: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function importPostman(text: string, o: PostmanImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const collection = check(
    Collection,
    parseStructured(text, label, 'a Postman collection'),
    label,
    'Postman collection (v2.0 or v2.1)',
  );
  const envLabel = o.environmentFile ?? 'environment';
  const env =
    o.environment === undefined
      ? undefined
      : check(
          Environment,
          parseStructured(o.environment, envLabel, 'a Postman environment'),
          envLabel,
          'Postman environment',
        );
  const notes = new Notes();
  const vars = new PostmanVariables(collection.variable ?? [], env, notes, label);
  const drafts: DraftRequest[] = [];
  const rootAuth = convertAuth(collection.auth, vars, `${label}: collection auth`, notes);
  readEvents(collection.event ?? [], `${label}: collection`, notes, undefined);

  const walk = (items: readonly PostmanItem[], path: string[], auth: Resolved | undefined): void => {
    for (const item of items) {
      const name = item.name ?? 'request';
      const where = `${label}: ${[...path, name].join(' › ')}`;
      const own = convertAuth(item.auth, vars, `${where} (auth)`, notes) ?? auth;
      if (item.variable?.length)
        notes.add(
          'approximated',
          where,
          `${item.variable.length} item variable(s) became plan variables (visible to every request)`,
        );
      for (const v of item.variable ?? []) if (v.key && !v.disabled) vars.add(v.key, v.value, where);
      if (item.item !== undefined) {
        readEvents(item.event ?? [], where, notes, undefined);
        walk(item.item, [...path, name], own);
        continue;
      }
      const d = request(item, path, own, vars, where, notes);
      if (d) drafts.push(d);
    }
  };
  walk(collection.item, [], rootAuth);
  if (drafts.length === 0) throw new ConvertError(`${label}: the collection has no requests to import`);
  const name = o.name ?? collection.info?.name ?? collection.name ?? `Imported from ${o.file ?? 'Postman'}`;
  const variables = vars.planVariables();
  const { plan, env: envNames } = buildPlan(drafts, { name, notes, variables, knownSecrets: vars.hidden });
  return { plan, notes: notes.list, env: envNames, format: 'postman' };
}

function request(
  item: PostmanItem,
  path: string[],
  auth: Resolved | undefined,
  vars: PostmanVariables,
  where: string,
  notes: Notes,
): DraftRequest | undefined {
  const r = typeof item.request === 'string' ? { url: item.request } : item.request;
  if (!r) {
    notes.add('not-imported', where, 'an item with neither a request nor sub-items');
    return undefined;
  }
  const method = (r.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) {
    notes.add('not-imported', where, `method ${method} is not supported by plans`);
    return undefined;
  }
  const headers: [string, string][] = [];
  const list =
    typeof r.header === 'string'
      ? r.header
          .split('\n')
          .filter((l) => l.includes(':'))
          .map((l) => ({
            key: l.slice(0, l.indexOf(':')).trim(),
            value: l.slice(l.indexOf(':') + 1).trim(),
            disabled: false,
          }))
      : (r.header ?? []);
  const off = list.filter((h) => h.disabled).map((h) => h.key);
  if (off.length) notes.add('info', where, `disabled header(s) left out: ${off.join(', ')}`);
  for (const h of list) if (!h.disabled && h.key) headers.push([h.key, vars.text(String(h.value ?? ''), where)]);
  const url = postmanUrl(r.url, vars, where, notes);
  if (url === undefined) {
    notes.add('not-imported', where, 'a request without a URL');
    return undefined;
  }
  const d: DraftRequest = { name: item.name ?? `${method} ${url}`, method, url, headers, where };
  if (path.length > 0) d.group = path;
  const body = convertBody(r.body, headers, vars, where, notes);
  if (body) d.body = body;
  const own = convertAuth(r.auth, vars, `${where} (auth)`, notes) ?? auth;
  if (own !== undefined && own !== 'unsupported') d.auth = own;
  const found = readEvents(item.event ?? [], where, notes, vars);
  if (found.checks.length) d.checks = found.checks;
  if (Object.keys(found.extract).length) d.extract = found.extract;
  if (item.response?.length) notes.add('info', where, `${item.response.length} saved example response(s) not imported`);
  return d;
}
