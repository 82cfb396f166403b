/**
 * Chains operations so a plan uses what it created instead of fixed ids: an operation's `links` (OpenAPI 3), or a
 * create (`POST /items/`) whose response has the id a later path parameter names (`/items/{item_id}`). The creator
 * extracts the value; the later operations put `${item_id}` in their path.
 */
import type { Extractor } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';
import { isObj, type Refs } from './refs.ts';
import { phaseOf, type Operation } from './writes.ts';

export interface Chain {
  /** Per operation: path parameter -> the template that fills it (`${item_id}`). */
  bound: Map<Operation, Map<string, string>>;
  /** Per operation: what it extracts for later ones. */
  extract: Map<Operation, Record<string, Extractor>>;
}

export function chainOperations(ops: readonly Operation[], refs: Refs, notes: Notes): Chain {
  const chain: Chain = { bound: new Map(), extract: new Map() };
  const names = new Map<string, string>(); // `creator index:extractor` -> variable
  const taken = new Set<string>();
  const bind = (from: number, to: Operation, param: string, extractor: Extractor, base: string, why: string): void => {
    const key = `${from}:${JSON.stringify(extractor)}`;
    let name = names.get(key);
    if (name === undefined) {
      const root = variableName(base);
      name = root;
      for (let n = 2; taken.has(name); n++) name = `${root}_${n}`;
      taken.add(name);
      names.set(key, name);
      chain.extract.set(ops[from]!, { ...chain.extract.get(ops[from]!), [name]: extractor });
    }
    const map = chain.bound.get(to) ?? new Map<string, string>();
    map.set(param, `\${${name}}`);
    chain.bound.set(to, map);
    notes.add(
      'info',
      to.where,
      `path parameter ${param} is ${why} (${ops[from]!.where.replace(/^[^:]*: /, '')}), extracted as \${${name}}`,
    );
  };
  ops.forEach((creator, i) => {
    const later = ops.slice(i + 1);
    for (const link of links(creator, refs)) {
      const target = later.find(
        (o) =>
          (link.operationId !== undefined && o.op.operationId === link.operationId) ||
          (link.ref !== undefined && link.ref === `${o.path} ${o.method}`),
      );
      if (!target) continue;
      for (const [param, extractor] of link.params)
        bind(i, target, param, extractor, param, 'the value a link of the earlier operation names');
    }
    if (phaseOf(creator) !== 'create') return;
    const props = successProperties(creator, refs);
    const base = creator.path.replace(/\/+$/, '');
    const under = new RegExp(`^${escape(base)}/\\{([^}]+)\\}`);
    for (const target of later) {
      const param = under.exec(target.path)?.[1];
      if (param === undefined || chain.bound.get(target)?.has(param)) continue;
      const prop = idProperty(param, props);
      if (prop === undefined) continue;
      if (props === undefined)
        notes.add(
          'approximated',
          creator.where,
          `the response is not described: the created id is read from $.${prop}`,
        );
      bind(
        i,
        target,
        param,
        { jsonPath: `$.${prop}` },
        /^(id|pk|uuid)$/i.test(param) ? `${singular(base.split('/').at(-1) ?? '')}_${param}` : param,
        'the id created earlier',
      );
    }
  });
  return chain;
}

interface Link {
  operationId?: string;
  ref?: string;
  params: [string, Extractor][];
}

/** The links of an operation's success responses that say where a value comes from in a way a plan can extract. */
function links(o: Operation, refs: Refs): Link[] {
  const out: Link[] = [];
  for (const [code, raw] of Object.entries(isObj(o.op.responses) ? o.op.responses : {})) {
    if (!/^(2\d\d|2XX|default)$/i.test(code)) continue;
    const response = refs.deref(raw, o.where);
    for (const l of Object.values(isObj(response.links) ? response.links : {})) {
      const link = refs.deref(l, o.where);
      const params: [string, Extractor][] = [];
      for (const [name, expr] of Object.entries(isObj(link.parameters) ? link.parameters : {})) {
        const extractor = typeof expr === 'string' ? fromExpression(expr) : undefined;
        if (extractor) params.push([name.replace(/^path\./, ''), extractor]);
      }
      const ref = typeof link.operationRef === 'string' ? operationRef(link.operationRef) : undefined;
      out.push({
        ...(typeof link.operationId === 'string' ? { operationId: link.operationId } : {}),
        ...(ref ? { ref } : {}),
        params,
      });
    }
  }
  return out;
}

/** `$response.body#/data/0/id` -> `$.data[0].id`; `$response.header.Location` -> that header. */
function fromExpression(expr: string): Extractor | undefined {
  const header = /^\$response\.header\.([\w-]+)$/.exec(expr);
  if (header?.[1]) return { header: header[1] };
  const pointer = /^\$response\.body#(\/.*)?$/.exec(expr);
  if (!pointer) return undefined;
  const path = (pointer[1] ?? '')
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((k) => (/^\d+$/.test(k) ? `[${k}]` : /^[A-Za-z_]\w*$/.test(k) ? `.${k}` : `['${k.replace(/'/g, "\\'")}']`))
    .join('');
  return { jsonPath: `$${path}` };
}

/** `#/paths/~1items~1{id}/get` -> `/items/{id} get`. */
function operationRef(ref: string): string | undefined {
  const m = /^#\/paths\/([^/]+)\/(\w+)$/.exec(ref);
  return m?.[1] && m[2]
    ? `${decodeURIComponent(m[1]).replace(/~1/g, '/').replace(/~0/g, '~')} ${m[2].toLowerCase()}`
    : undefined;
}

/** Property names of the success response's JSON object; undefined when the response is not described. */
function successProperties(o: Operation, refs: Refs): Set<string> | undefined {
  const responses = isObj(o.op.responses) ? o.op.responses : {};
  const code =
    ['201', '200', '202'].find((c) => c in responses) ??
    Object.keys(responses).find((c) => /^2/.test(c)) ??
    ('default' in responses ? 'default' : undefined);
  const content = code === undefined ? {} : refs.deref(responses[code], o.where).content;
  const media = Object.entries(isObj(content) ? content : {}).find(([t]) => /json/i.test(t))?.[1];
  if (media === undefined) return undefined;
  const props = new Set<string>();
  const stack = [refs.deref(refs.deref(media, o.where).schema, o.where)];
  for (let s = stack.pop(), n = 0; s !== undefined && n < 50; s = stack.pop(), n++) {
    for (const k of Object.keys(isObj(s.properties) ? s.properties : {})) props.add(k);
    for (const part of Array.isArray(s.allOf) ? s.allOf : []) stack.push(refs.deref(part, o.where));
  }
  return props;
}

/** The response property holding what a path parameter names: itself, or `id` for `id`, `pk`, `item_id`, `itemId`. */
function idProperty(param: string, props: Set<string> | undefined): string | undefined {
  if (props === undefined) return /^(id|pk|uuid|.*(_id|Id|-id|_uuid|Uuid))$/.test(param) ? 'id' : undefined;
  if (props.has(param)) return param;
  if (/^(pk|.*(_id|Id|-id))$/.test(param) && props.has('id')) return 'id';
  if (/^(uuid|.*(_uuid|Uuid))$/.test(param)) return props.has('uuid') ? 'uuid' : props.has('id') ? 'id' : undefined;
  return undefined;
}

function variableName(base: string): string {
  const name = base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/\W+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return /^[a-z_]/.test(name) ? name : `v_${name}`;
}

function singular(segment: string): string {
  return segment.replace(/ies$/, 'y').replace(/(ss)$/, '$1').replace(/s$/, '') || 'created';
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
