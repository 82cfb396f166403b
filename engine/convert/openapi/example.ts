/**
 * A value for a schema that the server will accept: its example (or first of `examples`), default, const or enum
 * value; otherwise one built from the type and its constraints — objects with their required properties (and the
 * optional ones the document gives an example for; read-only ones never), arrays of `minItems` items (distinct when
 * `uniqueItems`), numbers within minimum/maximum and a multiple of `multipleOf`, strings of their format, pattern
 * and length. Names that are usually unique (`name`, `username`, `email`, `slug`...) get a random part, so a
 * repeated create does not collide; a `uuid` string becomes `${uuid()}` so each request sends a fresh one.
 */
import { literalJson, type Notes } from '../draft.ts';
import { isObj, type Obj, type Refs } from './refs.ts';
import { stringOf } from './strings.ts';

const MAX_DEPTH = 6;

export interface ExampleOptions {
  /** Property name, for values that should be unique and for notes. */
  name?: string;
  notes?: Notes;
  depth?: number;
  seen?: ReadonlySet<Obj>;
}

export function exampleOf(schemaRef: unknown, refs: Refs, where: string, o: ExampleOptions = {}): unknown {
  const s = refs.deref(schemaRef, where);
  const depth = o.depth ?? 0;
  if (o.seen?.has(s) || depth > MAX_DEPTH) return undefined;
  const next = { ...o, depth: depth + 1, seen: new Set(o.seen).add(s) };
  // Values written in the document are data: a `${` in them is literal text in the plan.
  const documented = documentedValue(s);
  if (documented !== undefined) return literalJson(documented.value);
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => exampleOf(p, refs, where, next));
    if (parts.every((p) => isObj(p) || p === undefined)) return Object.assign({}, ...parts.filter(isObj));
    return parts.find((p) => p !== undefined);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = (Array.isArray(s[key]) ? s[key] : []).filter((x) => refs.deref(x, where).type !== 'null');
    if (options.length > 0) return exampleOf(options[0], refs, where, { ...next, ...(o.name ? { name: o.name } : {}) });
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || (type === undefined && isObj(s.properties))) return objectOf(s, refs, where, next);
  if (type === 'array') return arrayOf(s, refs, where, next);
  if (type === 'integer' || type === 'number') return numberOf(s, type === 'integer');
  if (type === 'boolean') return true;
  if (type === 'string')
    return stringOf(s, { where, ...(o.name ? { name: o.name } : {}), ...(o.notes ? { notes: o.notes } : {}) });
  return undefined;
}

/** The example, first of `examples`, default, const or first non-null enum value the document gives. */
function documentedValue(s: Obj): { value: unknown } | undefined {
  if (s.example !== undefined) return { value: s.example };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { value: s.examples[0] };
  if (s.default !== undefined && s.default !== null) return { value: s.default };
  if (s.const !== undefined) return { value: s.const };
  if (Array.isArray(s.enum) && s.enum.length > 0) return { value: s.enum.find((v) => v !== null) ?? s.enum[0] };
  return undefined;
}

function objectOf(s: Obj, refs: Refs, where: string, o: ExampleOptions): Obj {
  const out: Obj = {};
  const required = Array.isArray(s.required) ? new Set(s.required.map(String)) : undefined;
  for (const [name, prop] of Object.entries(isObj(s.properties) ? s.properties : {})) {
    const p = refs.deref(prop, where);
    if (p.readOnly === true) continue;
    // Optional properties are sent only when the document shows a value: a made-up one is what servers refuse.
    if (required && !required.has(name) && p.example === undefined && !Array.isArray(p.examples)) continue;
    const v = exampleOf(prop, refs, where, { ...o, name });
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function arrayOf(s: Obj, refs: Refs, where: string, o: ExampleOptions): unknown[] {
  const max = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
  const want = Math.min(max, Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1));
  const items = refs.deref(s.items, where);
  if (s.uniqueItems === true && Array.isArray(items.enum))
    return literalJson(items.enum.filter((v) => v !== null).slice(0, want)) as unknown[];
  const one = exampleOf(s.items, refs, where, { ...o, ...(o.name ? { name: o.name } : {}) });
  if (one === undefined) return [];
  return Array.from({ length: want }, (_, i) => (i === 0 || s.uniqueItems !== true ? one : distinct(one, i)));
}

/** The i-th of several distinct items: numbers count up, strings get a suffix. */
function distinct(v: unknown, i: number): unknown {
  if (typeof v === 'number') return v + i;
  if (typeof v === 'string') return `${v}-${i + 1}`;
  return v;
}

function numberOf(s: Obj, integer: boolean): number {
  const num = (k: string): number | undefined => (typeof s[k] === 'number' ? s[k] : undefined);
  const step = num('multipleOf') ?? (integer ? 1 : 0.5);
  // OpenAPI 3.0 says exclusiveMinimum: true next to minimum; 3.1 (JSON Schema) gives the bound itself.
  const lo =
    num('exclusiveMinimum') !== undefined
      ? num('exclusiveMinimum')! + step
      : num('minimum') !== undefined
        ? num('minimum')! + (s.exclusiveMinimum === true ? step : 0)
        : undefined;
  const hi =
    num('exclusiveMaximum') !== undefined
      ? num('exclusiveMaximum')! - step
      : num('maximum') !== undefined
        ? num('maximum')! - (s.exclusiveMaximum === true ? step : 0)
        : undefined;
  let v = lo ?? (hi !== undefined && hi < 1 ? hi : integer ? 1 : 1.5);
  if (num('multipleOf')) v = Math.ceil(v / step - 1e-9) * step;
  if (hi !== undefined && v > hi) v = num('multipleOf') ? Math.floor(hi / step + 1e-9) * step : hi;
  if (integer) v = Math.ceil(v);
  return Number(v.toFixed(10));
}

/** Is this schema (or its type) a binary string (file upload)? */
export function isBinary(schemaRef: unknown, refs: Refs, where: string): boolean {
  const s = refs.deref(schemaRef, where);
  return (
    (s.type === 'string' &&
      (s.format === 'binary' || s.contentEncoding === 'binary' || s.contentMediaType === 'application/octet-stream')) ||
    s.type === 'file'
  );
}
