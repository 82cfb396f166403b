/**
 * The secrets pass over drafts: an Authorization header becomes `auth` (bearer, Token, basic), URL credentials
 * become basic auth, and every credential literal (auth tokens and passwords, secret headers, query parameters,
 * form and JSON fields) becomes `${env.NAME}` through the vault.
 */
import type { Auth } from '../plan/schema/index.ts';
import { literal, type DraftRequest } from './draft.ts';
import { isSecretName, type SecretVault } from './secrets.ts';

export function protectDraft(d: DraftRequest, vault: SecretVault): DraftRequest {
  const out: DraftRequest = { ...d, headers: [] };
  urlCredentials(out);
  for (const [name, value] of d.headers) {
    if (name.toLowerCase() === 'authorization' && out.auth === undefined) {
      const auth = authFromHeader(value);
      if (auth) { out.auth = auth; continue; }
    }
    out.headers.push([name, isSecretName(name, 'header') ? vault.hide(value, name, d.where, `header ${name}`) : value]);
  }
  if (out.auth) out.auth = protectAuth(out.auth, vault, d.where);
  out.url = protectQuery(out.url, vault, d.where);
  if (d.body?.kind === 'form') {
    out.body = { kind: 'form', fields: d.body.fields.map(([k, v]) => [k, isSecretName(k) ? vault.hide(v, k, d.where, `form field ${k}`) : v]) };
  } else if (d.body?.kind === 'json') {
    out.body = { kind: 'json', value: protectJson(d.body.value, vault, d.where, '') };
  }
  return out;
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

export function protectAuth(auth: Auth, vault: SecretVault, where: string): Auth {
  switch (auth.type) {
    case 'bearer': return { ...auth, token: vault.hide(auth.token, 'API_TOKEN', where, 'auth token') };
    case 'basic': return { ...auth, password: vault.hide(auth.password, 'PASSWORD', where, 'basic auth password') };
    case 'apiKey': return { ...auth, value: vault.hide(auth.value, auth.name, where, `API key ${auth.name}`) };
    default: return auth;
  }
}

function urlCredentials(d: DraftRequest): void {
  const m = /^(https?:\/\/)([^/@?#]*)@/i.exec(d.url);
  if (!m) return;
  const [whole, scheme = '', info = ''] = m;
  const colon = info.indexOf(':');
  const user = decodeURIComponent(colon < 0 ? info : info.slice(0, colon));
  const pass = colon < 0 ? '' : decodeURIComponent(info.slice(colon + 1));
  d.url = scheme + d.url.slice(whole.length);
  if (d.auth === undefined) d.auth = { type: 'basic', username: user, password: pass };
}

function protectQuery(url: string, vault: SecretVault, where: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = search.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    const key = safeDecode(pair.slice(0, eq));
    if (!isSecretName(key, 'query')) return pair;
    return `${pair.slice(0, eq)}=${vault.hide(safeDecode(pair.slice(eq + 1)), key, where, `query parameter ${key}`)}`;
  });
  return url.slice(0, q + 1) + parts.join('&') + (hash < 0 ? '' : url.slice(hash));
}

function protectJson(value: unknown, vault: SecretVault, where: string, path: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => protectJson(v, vault, where, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    if (typeof v === 'string' && isSecretName(k)) return [k, vault.hide(v, k, where, `JSON field ${at}`)];
    return [k, protectJson(v, vault, where, at)];
  }));
}

function safeDecode(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}
