/**
 * The secrets pass over one draft: an Authorization header becomes `auth` (bearer, Token, basic), URL credentials
 * become basic auth, and every credential in a named place (auth, secret headers, cookies, query parameters, form,
 * JSON and multipart fields, a text body that is a form or JSON) becomes `${env.NAME}` through the vault. Values
 * inside a larger text (a cookie, a text body) are learned by the vault, which replaces them wherever they appear.
 */
import type { Auth } from '../plan/schema/index.ts';
import { literal, type DraftBody, type DraftRequest, type Notes } from './draft.ts';
import { bodyFields, cookiePairs, jsonFields, schemeToken, valueFields } from './secret-places.ts';
import type { SecretVault } from './secret-vault.ts';
import { MAX_JSON_DEPTH } from './classify-body.ts';
import { replaceTextField } from './protect-text.ts';
import { isRedacted, isSecretField, type Place } from './secrets.ts';

export interface ProtectContext {
  vault: SecretVault;
  notes: Notes;
  /** The plan's variables: one that a secret place uses (`password: ${pw}`) has its value moved to the environment. */
  variables?: Record<string, unknown>;
}

export function protectDraft(d: DraftRequest, c: ProtectContext): DraftRequest {
  const out: DraftRequest = { ...d, headers: [] };
  urlCredentials(out);
  const hide = (place: Place, name: string, value: string, what: string): string => {
    if (isSecretField(name, value, place)) return secretValue(value, name, d.where, what, c);
    return isRedacted(value) ? c.vault.hide(value, name, d.where, what) : value;
  };
  for (const [name, value] of d.headers) {
    if (name.toLowerCase() === 'authorization' && out.auth === undefined) {
      const auth = authFromHeader(value);
      if (auth) {
        out.auth = auth;
        continue;
      }
    }
    if (isSecretField(name, value, 'header')) learnParts(name, value, d.where, c.vault);
    out.headers.push([name, hide('header', name, value, `header ${name}`)]);
  }
  if (out.auth) out.auth = protectAuth(out.auth, c.vault, d.where, c);
  const tls = out.http?.tls;
  if (tls?.passphrase)
    out.http = {
      ...out.http,
      tls: { ...tls, passphrase: c.vault.hide(tls.passphrase, 'CERT_PASSPHRASE', d.where, 'client key passphrase') },
    };
  out.url = protectQuery(out.url, (k, v) => hide('query', k, v, `query parameter ${k}`));
  if (d.body) out.body = protectBody(d.body, d, c, hide);
  return out;
}

type Hide = (place: Place, name: string, value: string, what: string) => string;

function protectBody(b: DraftBody, d: DraftRequest, c: ProtectContext, hide: Hide): DraftBody {
  switch (b.kind) {
    case 'form':
      return {
        kind: 'form',
        fields: b.fields.map(([k, v]) => {
          const hidden = hide('field', k, v, `form field ${k}`);
          return [k, hidden === v ? protectNested(v, `form field ${k}`, d, c) : hidden];
        }),
      };
    case 'json': {
      const value = cloneJson(b.value);
      jsonFields(value, (f) => {
        let hidden = hide('field', f.key, f.value, `JSON field ${f.path}`);
        if (hidden === f.value && typeof f.parent[f.key] === 'string')
          hidden = protectNested(f.value, `JSON field ${f.path}`, d, c);
        if (hidden !== f.value) f.parent[f.key] = hidden; // a hidden number is sent as a string: never the number
      });
      return { kind: 'json', value };
    }
    case 'text': {
      if (b.tooDeep)
        c.notes.add(
          'approximated',
          d.where,
          `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep (the most an imported json: body may have): it is sent as text, unchanged`,
        );
      const mime = d.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1].toLowerCase() ?? '';
      let text = b.text;
      for (const f of bodyFields(b.text.replaceAll('$${', '${'), mime)) {
        if (isSecretField(f.name, f.value) || isRedacted(f.value))
          text = replaceTextField(text, f, c.vault.hide(f.value, f.name, d.where, `${f.what} of the text body`));
      }
      return text === b.text ? b : { kind: 'text', text };
    }
    case 'file':
      return b;
  }
}

/**
 * A value that is JSON or a form itself (`payload={"password":"x"}`): its credential fields hidden in place.
 * `value` is template text.
 */
function protectNested(value: string, what: string, d: DraftRequest, c: ProtectContext): string {
  let out = value;
  for (const f of valueFields(value.replaceAll('$${', '${'))) {
    if (isSecretField(f.name, f.value) || isRedacted(f.value))
      out = replaceTextField(out, f, c.vault.hide(f.value, f.name, d.where, `${f.what} inside ${what}`));
  }
  return out;
}

/**
 * A secret place that reads plan variables (`${pw}`, `sid=${sid}`, `Basic ${creds}`) has their values moved to the
 * environment, an environment default (`${env.TOK:-value}`, from a Postman environment) included; a literal is
 * hidden in place.
 */
function secretValue(value: string, name: string, where: string, what: string, c: ProtectContext): string {
  const vars = c.variables;
  const refs = vars
    ? [...new Set([...value.matchAll(/(?<!\$)\$\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]!))].filter(
        (r) => typeof vars[r] === 'string',
      )
    : [];
  if (vars === undefined || refs.length === 0) return c.vault.hide(value, name, where, what);
  for (const ref of refs)
    vars[ref] = hideVariable(vars[ref] as string, ref, where, `${what} (variable ${ref})`, c.vault);
  return value;
}

/** A plan variable's value as the environment's: a literal, or the default of `${env.NAME:-default}`, is hidden. */
function hideVariable(held: string, ref: string, where: string, what: string, vault: SecretVault): string {
  const envDefault = /^\$\{env\.([A-Za-z_]\w*):-([^{}]*)\}$/.exec(held);
  if (envDefault) return envDefault[2] === '' ? held : vault.hide(envDefault[2]!, envDefault[1]!, where, what);
  return vault.hide(held, ref, where, what);
}

/** The values inside a credential header (each cookie, the token after a scheme) are credentials wherever they appear. */
function learnParts(name: string, value: string, where: string, vault: SecretVault): void {
  if (name.toLowerCase() === 'cookie') {
    for (const [k, v] of cookiePairs(value)) vault.learn(v, `COOKIE_${k}`, where, `cookie ${k}`);
  } else {
    const token = schemeToken(value);
    if (token !== undefined) vault.learn(token, name, where, `header ${name}`);
  }
}

/** `Bearer x`, `Token x` (DRF), `Basic base64(user:pass)`; anything else stays a header. */
export function authFromHeader(value: string): Auth | undefined {
  const m = /^(\w[\w-]*)\s+(\S.*)$/.exec(value.trim());
  if (!m) return undefined;
  const [, scheme = '', rest = ''] = m;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(rest, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const same = Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') === rest.replace(/=+$/, '');
    if (colon < 0 || !same) return undefined;
    return { type: 'basic', username: literal(decoded.slice(0, colon)), password: literal(decoded.slice(colon + 1)) };
  }
  if (/^(bearer|token)$/i.test(scheme) && !/\s/.test(rest)) {
    return scheme === 'Bearer' ? { type: 'bearer', token: rest } : { type: 'bearer', scheme, token: rest };
  }
  return undefined;
}

export function protectAuth(auth: Auth, vault: SecretVault, where: string, c?: ProtectContext): Auth {
  const hide = (value: string, base: string, what: string): string =>
    c ? secretValue(value, base, where, what, c) : vault.hide(value, base, where, what);
  switch (auth.type) {
    case 'bearer':
      return { ...auth, token: hide(auth.token, 'API_TOKEN', 'auth token') };
    case 'basic':
      return { ...auth, password: hide(auth.password, 'PASSWORD', 'basic auth password') };
    case 'apiKey':
      return { ...auth, value: hide(auth.value, auth.name, `API key ${auth.name}`) };
    default:
      return auth;
  }
}

function urlCredentials(d: DraftRequest): void {
  const found = urlUserinfo(d.url);
  if (!found) return;
  d.url = found.url;
  if (d.auth === undefined) d.auth = found.auth;
}

/** `https://user:pass@host/...` -> the URL without them, and them as basic auth (as an HTTP client sends them). */
export function urlUserinfo(url: string): { url: string; auth: Auth } | undefined {
  const m = /^(https?:\/\/)([^/@?#]*)@/i.exec(url);
  if (!m) return undefined;
  const [whole, scheme = '', info = ''] = m;
  const colon = info.indexOf(':');
  const user = safeDecode(colon < 0 ? info : info.slice(0, colon));
  const pass = colon < 0 ? '' : safeDecode(info.slice(colon + 1));
  return { url: scheme + url.slice(whole.length), auth: { type: 'basic', username: user, password: pass } };
}

function protectQuery(url: string, hide: (name: string, value: string) => string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = search.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    const key = safeDecode(pair.slice(0, eq));
    const value = safeDecode(pair.slice(eq + 1).replaceAll('+', ' '));
    const hidden = hide(key, value);
    return hidden === value ? pair : `${pair.slice(0, eq)}=${hidden}`;
  });
  return url.slice(0, q + 1) + parts.join('&') + (hash < 0 ? '' : url.slice(hash));
}

/** A copy of a JSON body (bounded depth: deeper bodies are text), so the secrets pass never edits the source. */
function cloneJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(cloneJson);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneJson(x)]));
  return v;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
