/**
 * How template values are read and turned into text. Values are plain data (JSON-like): member access
 * reads only own data properties of plain objects and array elements, never getters, prototypes or methods.
 */
import { FORBIDDEN_KEYS } from './ast.ts';
import { TemplateRuntimeError } from './errors.ts';

/** An object literal / JSON object: its prototype is Object.prototype or null. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A value's kind as messages name it: 'a string', 'an array', 'null'... */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (isPlainObject(v)) return 'an object';
  return typeof v === 'object' ? 'a non-data object' : `a ${typeof v}`;
}

/** Text of a value as rendered into a string: numbers plain, objects and arrays as JSON. */
export function toText(v: unknown, what: string): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'undefined':
      throw new TemplateRuntimeError(`'${what}' has no value; give a default with \${...:-default}`, what);
    case 'object':
      if (v === null) return 'null';
      if (Array.isArray(v) || isPlainObject(v)) {
        try {
          return JSON.stringify(v);
        } catch (e) {
          throw new TemplateRuntimeError(`'${what}' cannot be written as JSON: ${(e as Error).message}`, what);
        }
      }
  }
  throw new TemplateRuntimeError(`'${what}' is ${typeName(v)}, which cannot be rendered as text`, what);
}

/** A number, or a string holding one (environment variables are strings). */
export function toNumber(v: unknown, what: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    if (Number.isFinite(n)) return n;
  }
  throw new TemplateRuntimeError(
    `'${what}' must be a number, but it is ${typeName(v)}${typeof v === 'string' ? ` ('${v}')` : ''}`,
    what,
  );
}

function shownOf(what: string, key: unknown): string {
  return typeof key === 'string' && /^[A-Za-z_]\w*$/.test(key)
    ? `${what}.${key}`
    : `${what}[${JSON.stringify(key) ?? String(key)}]`;
}

function ownValue(obj: object, key: string | number): unknown {
  const d = Object.getOwnPropertyDescriptor(obj, key);
  return d !== undefined && 'value' in d ? d.value : undefined;
}

/**
 * Reads `obj[key]` as data. `what` is the source text of `obj` for messages. When `lenient` (inside an
 * expression with a default) a missing value gives undefined instead of an error.
 */
export function readMember(obj: unknown, key: unknown, what: string, lenient: boolean): unknown {
  if (typeof key === 'string' && FORBIDDEN_KEYS.has(key)) {
    throw new TemplateRuntimeError(`property '${key}' is not allowed (in '${shownOf(what, key)}')`, shownOf(what, key));
  }
  let found: unknown;
  if (Array.isArray(obj)) {
    if (typeof key !== 'number' || !Number.isInteger(key)) {
      if (lenient) return undefined;
      throw new TemplateRuntimeError(
        `'${what}' is an array; index it with a whole number, not ${JSON.stringify(key) ?? typeof key}`,
        shownOf(what, key),
      );
    }
    found = key >= 0 ? ownValue(obj, key) : undefined;
    if (found === undefined && !lenient) {
      throw new TemplateRuntimeError(
        `index ${key} is out of range for '${what}' (length ${obj.length})`,
        shownOf(what, key),
      );
    }
    return found;
  }
  if (isPlainObject(obj)) {
    if (typeof key !== 'string' && typeof key !== 'number') {
      if (lenient) return undefined;
      throw new TemplateRuntimeError(
        `a property name must be a string or a number, not ${typeName(key)} (in '${what}')`,
        shownOf(what, key),
      );
    }
    found = ownValue(obj, key);
    if (found === undefined && !lenient) {
      throw new TemplateRuntimeError(`'${what}' has no property '${key}'`, shownOf(what, key));
    }
    return found;
  }
  if (lenient) return undefined;
  throw new TemplateRuntimeError(
    `cannot read '${String(key)}' of '${what}': it is ${typeName(obj)}, not an object or array`,
    shownOf(what, key),
  );
}
