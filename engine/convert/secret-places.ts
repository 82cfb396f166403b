/**
 * Where credentials sit inside an HTTP message, read the same way by the importers' secrets pass (protect.ts) and
 * the recorder's findSecrets: cookie pairs, the token after an auth scheme, urlencoded forms as browsers encode
 * them, JSON fields at any depth (walked without recursion), multipart text fields, and a text body that is one of
 * those without saying so.
 */

/** `a=1; sid=xyz` -> [['a', '1'], ['sid', 'xyz']]. */
export function cookiePairs(header: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return out;
}

/** The credential after a scheme: `Bearer abc` -> `abc`, `Token abc` -> `abc`; undefined when it is not that shape. */
export function schemeToken(value: string): string | undefined {
  return /^\w[\w-]*\s+(\S+)$/.exec(value.trim())?.[1];
}

/**
 * An application/x-www-form-urlencoded body as a browser encoded it and a server reads it: `+` is a space, `%XX`
 * are UTF-8 bytes. Undefined when it is not one (a pair without a name, bytes that are not UTF-8).
 */
export function formPairs(raw: string): [string, string][] | undefined {
  if (raw === '') return undefined;
  const out: [string, string][] = [];
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) return undefined;
    const k = decodeFormPart(pair.slice(0, eq));
    const v = decodeFormPart(pair.slice(eq + 1));
    if (k === undefined || v === undefined) return undefined;
    out.push([k, v]);
  }
  return out.length > 0 ? out : undefined;
}

function decodeFormPart(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** A string (or number, as text) field of a JSON document: its JSONPath, the key holding it, its value. */
export interface JsonField {
  path: string;
  key: string;
  value: string;
  parent: Record<string, unknown>;
}

/**
 * Every string or number under an object key (a PIN or password may be a number), at any depth, in document
 * order; iterative, so no depth can overflow the stack.
 */
export function jsonFields(root: unknown, visit: (f: JsonField) => void): void {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '$' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    const array = Array.isArray(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      const at = array
        ? `${path}[${k}]`
        : /^[A-Za-z_]\w*$/.test(k)
          ? `${path}.${k}`
          : `${path}['${k.replace(/'/g, "\\'")}']`;
      if ((typeof child === 'string' || typeof child === 'number') && !array)
        visit({ path: at, key: k, value: String(child), parent: value as Record<string, unknown> });
      else stack.push({ value: child, path: at });
    }
  }
}

/** Nesting depth of a JSON value (0 for a scalar), counted without recursion; stops counting past `limit`. */
export function jsonDepth(root: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/** The text fields of a multipart/form-data body (file parts left out), whatever its boundary. */
export function multipartFields(text: string): [string, string][] {
  const boundary = /^--([^\r\n]+)\r?\n/.exec(text)?.[1];
  if (!boundary) return [];
  const out: [string, string][] = [];
  for (const part of text.split(`--${boundary}`)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const head = part.slice(0, split.index);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined || /\bfilename=/i.test(head)) continue;
    out.push([name, part.slice(split.index + split[0].length).replace(/\r?\n$/, '')]);
  }
  return out;
}

/** A named value in a body, with the words a report uses for its place (`form field password`, `JSON field $.a`). */
export interface BodyField {
  kind: 'form' | 'json' | 'multipart';
  what: string;
  name: string;
  value: string;
  /** Inside another field's value (`payload={"password":...}`), so not written as such in the body's text. */
  nested?: boolean;
}

/**
 * The named values of a body given as text: a form, JSON or multipart, by its type or, failing that, its look; and
 * one level down, the fields of a value that is itself JSON or a form (`payload={"password":...}` in a form, a JSON
 * string holding JSON), which browsers and SDKs send too.
 */
export function bodyFields(text: string, mime: string): BodyField[] {
  const top = topFields(text, mime);
  return top.concat(
    top.flatMap((outer) =>
      valueFields(outer.value).map((f) => ({ ...f, what: `${f.what} inside ${outer.what}`, nested: true })),
    ),
  );
}

/** The fields of one value when it is JSON or a form itself (`{"password":"x"}`, `a=1&token=x`); else none. */
export function valueFields(value: string): BodyField[] {
  return /^\s*[[{]/.test(value) || value.includes('=') ? topFields(value, '') : [];
}

function topFields(text: string, mime: string): BodyField[] {
  if (/multipart\//.test(mime) || /^--[^\r\n]+\r?\ncontent-disposition:/i.test(text)) {
    return multipartFields(text).map(([name, value]) => ({
      kind: 'multipart' as const,
      what: `multipart field ${name}`,
      name,
      value,
    }));
  }
  if (/json/.test(mime) || /^\s*[[{]/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value !== undefined) {
      const out: BodyField[] = [];
      jsonFields(value, (f) => out.push({ kind: 'json', what: `JSON field ${f.path}`, name: f.key, value: f.value }));
      return out;
    }
  }
  if (/x-www-form-urlencoded/.test(mime) || /^[^=&\s]+=[^&\s]*(&[^=&\s]+=[^&\s]*)*$/.test(text.trim())) {
    return (formPairs(text.trim()) ?? []).map(([name, value]) => ({
      kind: 'form' as const,
      what: `form field ${name}`,
      name,
      value,
    }));
  }
  return [];
}
