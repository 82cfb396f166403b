/**
 * Secrets in a recorded exchange: credential headers (Authorization, Cookie, Set-Cookie, API keys, CSRF tokens),
 * secret query parameters, and body fields named like credentials (password, token, client_secret...) in forms,
 * JSON and hidden HTML inputs. The recorder flags them, the store encrypts such entries, and HAR export redacts
 * their values everywhere they appear unless the user asks for them.
 */
import { isSecretName } from '../secrets.ts';
import { bodyText, mimeOf, type RecordedExchange } from './types.ts';

export interface SecretPlaces {
  /** Lower-case names of request headers holding credentials. */
  requestHeaders: string[];
  responseHeaders: string[];
  /** Secret query parameters of the URL. */
  query: string[];
  /** Body fields: `request form password`, `response json $.token`. */
  fields: string[];
  /** The secret values themselves (each at least 4 characters), to redact wherever they appear. */
  values: string[];
}

export const REDACTED = 'REDACTED';

export function findSecrets(x: RecordedExchange): SecretPlaces {
  const out: SecretPlaces = { requestHeaders: [], responseHeaders: [], query: [], fields: [], values: [] };
  const values = new Set<string>();
  const add = (v: string | undefined): void => { if (v !== undefined && v.length >= 4) values.add(v); };
  for (const [name, value] of x.requestHeaders) {
    const lower = name.toLowerCase();
    if (!isSecretName(name, 'header')) continue;
    if (!out.requestHeaders.includes(lower)) out.requestHeaders.push(lower);
    add(value);
    if (lower === 'cookie') for (const part of value.split(';')) add(part.split('=').slice(1).join('=').trim());
    else add(/^\w[\w-]*\s+(\S+)$/.exec(value.trim())?.[1]);
  }
  for (const [name, value] of x.responseHeaders) {
    const lower = name.toLowerCase();
    if (lower !== 'set-cookie' && !isSecretName(name, 'header')) continue;
    if (!out.responseHeaders.includes(lower)) out.responseHeaders.push(lower);
    add(lower === 'set-cookie' ? value.split(';', 1)[0]!.split('=').slice(1).join('=').trim() : value);
  }
  try {
    for (const [k, v] of new URL(x.url).searchParams) if (isSecretName(k, 'query')) { out.query.push(k); add(v); }
  } catch { /* not a URL: nothing to find */ }
  bodySecrets('request', bodyText(x.requestBody), mimeOf(x.requestHeaders), out.fields, add);
  bodySecrets('response', bodyText(x.responseBody), mimeOf(x.responseHeaders), out.fields, add);
  out.values = [...values].sort((a, b) => b.length - a.length);
  return out;
}

function bodySecrets(side: string, text: string, mime: string, fields: string[], add: (v: string) => void): void {
  if (text === '') return;
  if (mime.includes('x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(text)) if (isSecretName(k)) { fields.push(`${side} form ${k}`); add(v); }
    return;
  }
  if (mime.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      walkJson(JSON.parse(text) as unknown, '$', (path, key, v) => {
        if (isSecretName(key)) { fields.push(`${side} json ${path}`); add(v); }
      });
      return;
    } catch { /* not JSON: look for HTML inputs below */ }
  }
  if (mime.includes('html')) {
    for (const m of text.matchAll(/<input\b[^>]*>/gi)) {
      const name = /\bname\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1];
      const value = /\bvalue\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1];
      if (name && value && isSecretName(name)) { fields.push(`${side} html input ${name}`); add(value); }
    }
  }
}

function walkJson(v: unknown, path: string, visit: (path: string, key: string, value: string) => void, depth = 0): void {
  if (depth > 32 || v === null || typeof v !== 'object') return;
  for (const [k, child] of Object.entries(v)) {
    const at = Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`;
    if (typeof child === 'string' && !Array.isArray(v)) visit(at, k, child);
    else walkJson(child, at, visit, depth + 1);
  }
}

/** `text` with every secret value replaced by REDACTED (longest first, so a token's parts do not leak). */
export function redact(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) {
    if (v.length < 4) continue;
    // Also as it appears percent-encoded in a URL or a form body.
    const variants = new Set([v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2)]);
    for (const form of variants) out = out.replaceAll(form, REDACTED);
  }
  return out;
}
