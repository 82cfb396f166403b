/**
 * A value for a schema: its example (or first of `examples`), default, enum or const value; otherwise one built
 * from the type — objects with their properties (read-only ones left out of requests), one item for arrays,
 * strings shaped by their format. A `uuid` string becomes `${uuid()}` so each request sends a fresh one.
 */
import { literalJson } from '../draft.ts';
import { isObj, type Obj, type Refs } from './refs.ts';

const MAX_DEPTH = 6;
const FORMATS: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z', date: '2025-01-01', time: '12:00:00', email: 'user@example.com', uri: 'https://example.com',
  url: 'https://example.com', hostname: 'example.com', ipv4: '192.0.2.1', ipv6: '2001:db8::1', uuid: '${uuid()}', password: 'password',
  byte: 'ZXhhbXBsZQ==',
};

export function exampleOf(schemaRef: unknown, refs: Refs, where: string, depth = 0, seen: ReadonlySet<Obj> = new Set()): unknown {
  const s = refs.deref(schemaRef, where);
  if (seen.has(s) || depth > MAX_DEPTH) return undefined;
  const next = new Set(seen).add(s);
  // Values written in the document are data: a `${` in them is literal text in the plan.
  if (s.example !== undefined) return literalJson(s.example);
  if (Array.isArray(s.examples) && s.examples.length > 0) return literalJson(s.examples[0]);
  if (s.default !== undefined) return literalJson(s.default);
  if (s.const !== undefined) return literalJson(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return literalJson(s.enum.find((v) => v !== null) ?? s.enum[0]);
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => exampleOf(p, refs, where, depth + 1, next));
    if (parts.every((p) => isObj(p) || p === undefined)) return Object.assign({}, ...parts.filter(isObj));
    return parts.find((p) => p !== undefined);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) return exampleOf(options[0], refs, where, depth + 1, next);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || (type === undefined && isObj(s.properties))) {
    const out: Obj = {};
    for (const [name, prop] of Object.entries(isObj(s.properties) ? s.properties : {})) {
      if (refs.deref(prop, where).readOnly === true) continue;
      const v = exampleOf(prop, refs, where, depth + 1, next);
      if (v !== undefined) out[name] = v;
    }
    return out;
  }
  if (type === 'array') {
    const item = exampleOf(s.items, refs, where, depth + 1, next);
    return item === undefined ? [] : [item];
  }
  if (type === 'integer') return typeof s.minimum === 'number' ? Math.ceil(s.minimum) : 1;
  if (type === 'number') return typeof s.minimum === 'number' ? s.minimum : 1.5;
  if (type === 'boolean') return true;
  if (type === 'string') {
    const format = typeof s.format === 'string' ? s.format : '';
    if (format === 'binary') return undefined;
    return FORMATS[format] ?? (typeof s.minLength === 'number' && s.minLength > 6 ? 'x'.repeat(s.minLength) : 'string');
  }
  return undefined;
}

/** Is this schema (or its type) a binary string (file upload)? */
export function isBinary(schemaRef: unknown, refs: Refs, where: string): boolean {
  const s = refs.deref(schemaRef, where);
  return s.type === 'string' && (s.format === 'binary' || s.contentEncoding === 'binary' || s.contentMediaType === 'application/octet-stream') || s.type === 'file';
}
