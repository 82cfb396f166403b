/**
 * Credentials written literally in a plan: bearer tokens, basic-auth passwords, API keys and credential headers
 * (Authorization, Cookie, X-Api-Key, ...), in the defaults and in every request; and, named like credentials (the
 * importers' rule, isSecretField), form and JSON body fields, query parameters, a URL's password and plan
 * variables. The export replaces them with ${env.NAME} references; the designer offers to move them into an
 * environment's secrets.
 */
import { isSecretField } from 'loadsmith/convert';
import { eachDraftRequest, isRecord } from './draft-requests.ts';

/** One literal credential: where (`defaults.auth.token`), the env variable it becomes, and its value. */
export interface LiteralCredential {
  path: string;
  env: string;
  value: string;
}

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|x-api-key|api-key|x-auth-token|x-access-token)$|token|secret|password|apikey/i;
const TEMPLATED = /\$\{/;

/**
 * Replaces each literal credential of `doc` in place with `${env.NAME}` and returns what it replaced. The same
 * value gets the same name; `taken` holds names not to use (already meaning something else), and gets the new ones.
 */
export function scrubCredentials(doc: unknown, taken: Set<string> = new Set()): LiteralCredential[] {
  const found: LiteralCredential[] = [];
  if (!isRecord(doc)) return found;
  const byValue = new Map<string, string>();
  const envName = (hint: string, value: string): string => {
    const known = byValue.get(value);
    if (known !== undefined) return known;
    const base =
      hint
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'SECRET';
    let n = /^[A-Z_]/.test(base) ? base : `S_${base}`;
    for (let i = 2; taken.has(n); i++) n = `${base}_${i}`;
    taken.add(n);
    byValue.set(value, n);
    return n;
  };
  const replace = (obj: Record<string, unknown>, key: string, path: string, hint: string): void => {
    const v = obj[key];
    if (typeof v !== 'string' || v === '' || TEMPLATED.test(v)) return;
    const env = envName(hint, v);
    obj[key] = `\${env.${env}}`;
    found.push({ path, env, value: v });
  };
  const auth = (a: unknown, path: string): void => {
    if (!isRecord(a)) return;
    if (a.type === 'bearer') replace(a, 'token', `${path}.token`, 'API_TOKEN');
    if (a.type === 'basic') replace(a, 'password', `${path}.password`, 'PASSWORD');
    if (a.type === 'apiKey') replace(a, 'value', `${path}.value`, typeof a.name === 'string' ? a.name : 'API_KEY');
  };
  const headers = (h: unknown, path: string): void => {
    if (!isRecord(h)) return;
    for (const k of Object.keys(h)) if (SECRET_HEADER.test(k)) replace(h, k, `${path}.${k}`, k);
  };
  /** Fields named like credentials, at any depth of a JSON body. */
  const fields = (v: unknown, path: string): void => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => fields(x, `${path}[${i}]`));
      return;
    }
    if (!isRecord(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string') {
        if (isSecretField(k, x)) replace(v, k, `${path}.${k}`, k);
      } else fields(x, `${path}.${k}`);
    }
  };
  /** A query parameter named like a credential, and the password of `scheme://user:password@host`. */
  const url = (r: Record<string, unknown>, path: string, key = 'url'): void => {
    const text = r[key];
    if (typeof text !== 'string') return;
    const literal = (v: string, what: string, hint: string): string => {
      if (v === '' || TEMPLATED.test(v)) return v;
      const env = envName(hint, v);
      found.push({ path: `${path}.${key}${what}`, env, value: v });
      return `\${env.${env}}`;
    };
    r[key] = text
      .replace(
        /^([a-z][a-z0-9+.-]*:\/\/[^/?#:@]*:)([^/?#@]+)@/i,
        (_m, head: string, pw: string) => `${head}${literal(pw, ' password', 'PASSWORD')}@`,
      )
      .replace(/([?&])([^=&#]+)=([^&#]*)/g, (m, sepr: string, name: string, v: string) => {
        const decoded = safeDecode(name);
        return isSecretField(decoded, safeDecode(v), 'query')
          ? `${sepr}${name}=${literal(v, `?${decoded}`, decoded)}`
          : m;
      });
  };
  if (isRecord(doc.variables))
    for (const [k, v] of Object.entries(doc.variables))
      if (typeof v === 'string' && isSecretField(k, v)) replace(doc.variables, k, `variables.${k}`, k);
  if (isRecord(doc.defaults)) {
    auth(doc.defaults.auth, 'defaults.auth');
    headers(doc.defaults.headers, 'defaults.headers');
    url(doc.defaults, 'defaults', 'baseUrl');
  }
  eachDraftRequest(doc, (r, path) => {
    auth(r.auth, `${path}.auth`);
    headers(r.headers, `${path}.headers`);
    url(r, path);
    if (isRecord(r.query))
      for (const [k, v] of Object.entries(r.query))
        if (typeof v === 'string' && isSecretField(k, v, 'query')) replace(r.query, k, `${path}.query.${k}`, k);
    if (isRecord(r.form)) fields(r.form, `${path}.form`);
    fields(r.json, `${path}.json`);
  });
  return found;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The literal credentials of `doc` (left untouched), without their values: what the UI may be told. */
export function literalCredentials(doc: unknown): { path: string; env: string }[] {
  return scrubCredentials(structuredClone(doc)).map(({ path, env }) => ({ path, env }));
}

/**
 * Replaces, in place, every occurrence of each key of `replacements` inside the strings of `doc` (object values and
 * array items, at any depth) with its value. Returns whether anything changed.
 */
export function replaceStrings(doc: unknown, replacements: ReadonlyMap<string, string>): boolean {
  let changed = false;
  const fix = (text: string): string => {
    let out = text;
    for (const [from, to] of replacements) if (from !== '' && out.includes(from)) out = out.split(from).join(to);
    if (out !== text) changed = true;
    return out;
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string') v[i] = fix(x);
        else walk(x);
      }
      return;
    }
    if (!isRecord(v)) return;
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (typeof x === 'string') v[k] = fix(x);
      else walk(x);
    }
  };
  walk(doc);
  return changed;
}
