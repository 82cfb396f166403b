/**
 * The fixed table of functions a template may call. Calls are resolved by name at compile time; nothing
 * else is callable. Arguments arrive already evaluated; `what` is the call's source text for messages.
 */
import { decodeBase64, encodeBase64 } from './base64.ts';
import { TemplateRuntimeError } from './errors.ts';
import type { StaticType } from './ast.ts';
import type { TemplateContext } from './types.ts';
import { isPlainObject, toNumber, toText, typeName } from './values.ts';

/** Longest string randomString() produces (1 MiB): bigger is a plan mistake, not a payload. */
export const MAX_RANDOM_STRING = 1 << 20;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface FunctionSpec {
  name: string;
  /** Parameter list as shown to users, e.g. `min, max`. */
  params: string;
  description: string;
  minArgs: number;
  maxArgs: number;
  /** What it gives, as far as validation can tell (static-types.ts). */
  returns: StaticType;
  /** Arguments evaluated leniently: a missing value arrives as undefined instead of failing (isSet). */
  lenientArgs?: true;
  /** The first argument is a request name, written as literal text (status('Login')). */
  namesRequest?: true;
  call(args: readonly unknown[], what: string, ctx: TemplateContext): unknown;
}

function integer(v: unknown, what: string, param: string): number {
  const n = toNumber(v, `${param} of ${what}`);
  if (!Number.isSafeInteger(n)) throw new TemplateRuntimeError(`${param} of ${what} must be a whole number, got ${n}`);
  return n;
}

function randomString(args: readonly unknown[], what: string): string {
  const length = integer(args[0], what, 'length');
  if (length < 0 || length > MAX_RANDOM_STRING) {
    throw new TemplateRuntimeError(`length of ${what} must be between 0 and ${MAX_RANDOM_STRING}, got ${length}`);
  }
  const charset = args.length > 1 ? toText(args[1], what) : ALNUM;
  // Array.from splits by code point, so emoji or accented charsets never produce broken surrogates.
  const chars = Array.from(charset);
  if (chars.length === 0) throw new TemplateRuntimeError(`charset of ${what} is empty`);
  let out = '';
  for (let i = 0; i < length; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}

function randomItem(args: readonly unknown[], what: string): unknown {
  let items: readonly unknown[] = args;
  if (args.length === 1) {
    const list = args[0];
    if (!Array.isArray(list)) {
      throw new TemplateRuntimeError(
        `${what}: with one argument, randomItem() needs a list; or pass several values: randomItem(a, b, c)`,
      );
    }
    items = list;
  }
  if (items.length === 0) throw new TemplateRuntimeError(`${what}: the list is empty`);
  return items[Math.floor(Math.random() * items.length)];
}

function json(v: unknown, what: string): string {
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && !isPlainObject(v)) {
    throw new TemplateRuntimeError(`${what}: only plain data can be written as JSON`);
  }
  try {
    return JSON.stringify(v);
  } catch (e) {
    throw new TemplateRuntimeError(`${what}: ${(e as Error).message}`);
  }
}

function length(v: unknown, what: string): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (isPlainObject(v)) return Object.keys(v).length;
  throw new TemplateRuntimeError(`${what}: len() needs a list, text or an object, but the value is ${typeName(v)}`);
}

function responseStatus(ctx: TemplateContext, name: unknown): number {
  const r = ctx.responses;
  if (r === undefined) return 0;
  return name === undefined ? r.last : (r.byName.get(name as string) ?? 0);
}

/** The functions, in the order documentation and completion list them. */
export const FUNCTIONS: readonly FunctionSpec[] = [
  {
    name: 'uuid',
    params: '',
    description: 'A random UUID v4.',
    minArgs: 0,
    maxArgs: 0,
    returns: 'text',
    call: () => crypto.randomUUID(),
  },
  {
    name: 'randomInt',
    params: 'min, max',
    description: 'A random whole number from min to max, both included.',
    minArgs: 2,
    maxArgs: 2,
    returns: 'number',
    call(args, what) {
      const min = integer(args[0], what, 'min');
      const max = integer(args[1], what, 'max');
      if (min > max) throw new TemplateRuntimeError(`${what}: min (${min}) is greater than max (${max})`);
      return min + Math.floor(Math.random() * (max - min + 1));
    },
  },
  {
    name: 'randomItem',
    params: 'list | a, b, ...',
    description: 'A random element of a list, or one of the arguments.',
    minArgs: 1,
    maxArgs: Infinity,
    returns: 'unknown',
    call: randomItem,
  },
  {
    name: 'randomString',
    params: 'length, charset?',
    description: 'Random characters (letters and digits unless a charset is given).',
    minArgs: 1,
    maxArgs: 2,
    returns: 'text',
    call: randomString,
  },
  {
    name: 'now',
    params: '',
    description: 'Current time in milliseconds since the Unix epoch.',
    minArgs: 0,
    maxArgs: 0,
    returns: 'number',
    call: () => Date.now(),
  },
  {
    name: 'isoNow',
    params: '',
    description: 'Current time as ISO 8601 text (UTC).',
    minArgs: 0,
    maxArgs: 0,
    returns: 'text',
    call: () => new Date().toISOString(),
  },
  {
    name: 'base64',
    params: 's',
    description: 'Base64 of the UTF-8 text.',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call: (a, w) => encodeBase64(toText(a[0], w)),
  },
  {
    name: 'base64Decode',
    params: 's',
    description: 'Decodes base64 (standard or URL-safe) to UTF-8 text.',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call: (a, w) => decodeBase64(toText(a[0], w)),
  },
  {
    name: 'urlEncode',
    params: 's',
    description: 'Percent-encodes text for a URL component (encodeURIComponent).',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call(args, what) {
      try {
        return encodeURIComponent(toText(args[0], what));
      } catch {
        throw new TemplateRuntimeError(`${what}: the text contains an unpaired surrogate and cannot be URL-encoded`);
      }
    },
  },
  {
    name: 'lower',
    params: 's',
    description: 'Text in lower case.',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call: (a, w) => toText(a[0], w).toLowerCase(),
  },
  {
    name: 'upper',
    params: 's',
    description: 'Text in upper case.',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call: (a, w) => toText(a[0], w).toUpperCase(),
  },
  {
    name: 'json',
    params: 'v',
    description: 'The value as JSON text (strings get quotes).',
    minArgs: 1,
    maxArgs: 1,
    returns: 'text',
    call: (a, w) => json(a[0], w),
  },
  {
    name: 'len',
    params: 'v',
    description: 'Length of a list or text (characters), or the number of keys of an object.',
    minArgs: 1,
    maxArgs: 1,
    returns: 'number',
    call: (a, w) => length(a[0], w),
  },
  {
    name: 'isSet',
    params: 'v',
    description: 'True when v has a value that is not null: isSet(token), isSet(page.next).',
    minArgs: 1,
    maxArgs: 1,
    returns: 'boolean',
    lenientArgs: true,
    call: (a) => a[0] !== undefined && a[0] !== null,
  },
  {
    name: 'status',
    params: "'Request name'?",
    description:
      "Status of the VU's last response, or of the last response of the named request (0: none yet, or no response).",
    minArgs: 0,
    maxArgs: 1,
    returns: 'number',
    namesRequest: true,
    call: (a, _w, ctx) => responseStatus(ctx, a[0]),
  },
];

const BY_NAME = new Map(FUNCTIONS.map((f) => [f.name, f]));

/** The function called `name`, or undefined: a Map, so `constructor` or `toString` never match. */
export function findFunction(name: string): FunctionSpec | undefined {
  return BY_NAME.get(name);
}
