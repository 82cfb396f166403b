/**
 * The one rule book for credentials, shared by every importer, the recorder and the app's export: which header,
 * query parameter or body field holds one (by its name, and for a bare `key` by what its value looks like), and
 * which values are placeholders a tool wrote instead of a redacted secret.
 */
import { compileTemplate } from '../template/index.ts';

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey|x-auth-token|x-access-token|x-csrf-token|x-xsrf-token|x-session-token|x-amz-security-token)$/i;
/** Last words of a name that mark a credential: `client_secret`, `accessToken`, `user[pass]`, `jwt`. */
const LAST_WORD = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'pin',
  'secret',
  'token',
  'jwt',
  'apikey',
  'credential',
  'credentials',
]);
/** Last words ending like a credential: `csrfmiddlewaretoken`, `X-CSRFToken`, `newpassword`, `PHPSESSID`, `jsessionid`. */
const SUFFIX = /(token|password|passwd|secret|sessid|sessionid)$/;
/** A JSON Web Token (header.payload.signature, both JSON parts base64url `{"...`) is a credential under any name. */
const JWT = /^eyJ[\w-]{6,}\.eyJ[\w-]{6,}\.[\w-]*$/;
/** Pagination cursors end in `token` too. */
const CURSOR = new Set(['page_token', 'next_token', 'continuation_token', 'sync_token', 'cursor_token']);
const LAST_TWO = new Set([
  'api_key',
  'access_token',
  'refresh_token',
  'id_token',
  'auth_token',
  'client_secret',
  'private_key',
  'secret_key',
  'session_id',
  'api_token',
  'access_key',
  'subscription_key',
]);
const EXTRA: Record<Place, Set<string>> = {
  header: new Set(['signature', 'session', 'auth']),
  query: new Set(['sig', 'signature', 'auth']),
  field: new Set(),
};
/** `sort_key`, `Idempotency-Key`, `public_key`...: keys that are not credentials, whatever their value. */
const PLAIN_KEY = new Set([
  'sort',
  'cache',
  'idempotency',
  'partition',
  'primary',
  'foreign',
  'public',
  'publishable',
  'site',
  'object',
  'dedup',
  'routing',
  'search',
  'group',
]);

export type Place = 'header' | 'query' | 'field';

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Does this header, query parameter or body field name hold a credential, whatever its value? A name whose last
 * word is `key` (GitHub's `?q=...&key=...`, `sort_key`) is not enough: see {@link isSecretField}.
 */
export function isSecretName(name: string, place: Place = 'field'): boolean {
  if (place === 'header' && SECRET_HEADER.test(name)) return true;
  const w = words(name);
  const last = w.at(-1) ?? '';
  if (CURSOR.has(w.slice(-2).join('_'))) return false;
  return LAST_WORD.has(last) || SUFFIX.test(last) || LAST_TWO.has(w.slice(-2).join('_')) || EXTRA[place].has(last);
}

/**
 * A credential by its name, a JSON Web Token under any name, or a `key` (`key`, `X-Subscription-Key`,
 * `license_key`) whose value looks like one ({@link looksLikeCredential}): `?key=AIzaSyD...` is a secret,
 * `?key=created` and `sort_key` are not.
 */
export function isSecretField(name: string, value: string, place: Place = 'field'): boolean {
  if (isSecretName(name, place) || JWT.test(value)) return true;
  const w = words(name);
  if (w.at(-1) !== 'key' || PLAIN_KEY.has(w.at(-2) ?? '')) return false;
  return looksLikeCredential(value);
}

/**
 * The rule for values with no telling name: at least 16 characters without spaces, two kinds of characters among
 * lower case, upper case and digits, and at least 3 bits of entropy per character. API keys, hex digests and UUIDs
 * pass; words, dates, slugs and search terms do not.
 */
export function looksLikeCredential(value: string): boolean {
  if (value.length < 16 || /\s/.test(value) || hasExpression(value)) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(value)).length;
  return kinds >= 2 && entropy(value) >= 3;
}

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits;
}

/** What tools write instead of a secret they removed: `REDACTED` (Loadsmith, many proxies), `[FILTERED]`, `****`. */
const PLACEHOLDER = /^(\[?<?(redacted|filtered|removed|masked)>?\]?|\*{3,}|x{6,}|•{3,})$/i;

/** Is this value a placeholder for a redacted secret rather than a value? */
export function isRedacted(value: string): boolean {
  return PLACEHOLDER.test(value.trim());
}

/** True when the text holds a `${...}` expression (so it is not a literal to hide). */
export function hasExpression(text: string): boolean {
  if (!text.includes('${')) return false;
  try {
    return !compileTemplate(text).constant;
  } catch {
    return true;
  }
}

/**
 * Variables the shell or the system sets on Linux, macOS or Windows. `loadsmith run` reads the whole process
 * environment, so a plan reading ${env.USER} would send the local login name, silently, instead of asking for it.
 */
const SYSTEM_VARIABLES = new Set([
  'USER',
  'USERNAME',
  'LOGNAME',
  'HOME',
  'PATH',
  'PWD',
  'OLDPWD',
  'SHELL',
  'TERM',
  'LANG',
  'HOSTNAME',
  'HOST',
  'MAIL',
  'EDITOR',
  'DISPLAY',
  'TMP',
  'TEMP',
  'TMPDIR',
  'OS',
  'USERPROFILE',
  'USERDOMAIN',
  'COMPUTERNAME',
  'APPDATA',
  'PROMPT',
  'SHLVL',
  'UID',
]);

/** `X-Api-Key` -> `X_API_KEY`; `client secret` -> `CLIENT_SECRET`; `user` -> `USER_VALUE` (not the system's USER). */
export function envName(text: string): string {
  const name = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  const safe = SYSTEM_VARIABLES.has(name) ? `${name}_VALUE` : name;
  return /^[A-Z_]/.test(safe) ? safe : `S_${safe}`;
}
