/**
 * Secrets in a recorded exchange, by the importers' rules (../secrets.ts) and readers (../secret-places.ts):
 * credential headers (Authorization, Cookie, Set-Cookie, API keys, CSRF tokens), secret query parameters, and body
 * fields named like credentials (password, token, client_secret...) in forms, JSON, multipart and hidden HTML
 * inputs. The recorder flags them, the store encrypts such entries, the conversion replaces their values wherever
 * they appear, and HAR export redacts them everywhere unless the user asks for them.
 */
import type { KnownSecret } from '../build-plan.ts';
import { bodyFields, cookiePairs, schemeToken } from '../secret-places.ts';
import { isSecretField } from '../secrets.ts';
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
  /** Each value with the name of the place holding it (the cookie, field or header name). */
  named: { name: string; value: string; what: string }[];
}

export const REDACTED = 'REDACTED';

export function findSecrets(x: RecordedExchange): SecretPlaces {
  const out: SecretPlaces = { requestHeaders: [], responseHeaders: [], query: [], fields: [], values: [], named: [] };
  const add = (name: string, v: string | undefined, what: string): void => {
    if (v !== undefined && v.length >= 4 && !out.named.some((n) => n.value === v))
      out.named.push({ name, value: v, what });
  };
  for (const [name, value] of x.requestHeaders) {
    const lower = name.toLowerCase();
    if (!isSecretField(name, value, 'header')) continue;
    if (!out.requestHeaders.includes(lower)) out.requestHeaders.push(lower);
    if (lower === 'cookie') for (const [k, v] of cookiePairs(value)) add(`COOKIE_${k}`, v, `cookie ${k}`);
    else add(name, schemeToken(value), `header ${name}`);
    add(name, value, `header ${name}`);
  }
  for (const [name, value] of x.responseHeaders) {
    const lower = name.toLowerCase();
    if (lower !== 'set-cookie' && !isSecretField(name, value, 'header')) continue;
    if (!out.responseHeaders.includes(lower)) out.responseHeaders.push(lower);
    const cookie = lower === 'set-cookie' ? cookiePairs(value.split(';', 1)[0]!)[0] : undefined;
    if (cookie) add(`COOKIE_${cookie[0]}`, cookie[1], `cookie ${cookie[0]} set by the response`);
    else add(name, value, `response header ${name}`);
  }
  try {
    for (const [k, v] of new URL(x.url).searchParams)
      if (isSecretField(k, v, 'query')) {
        out.query.push(k);
        add(k, v, `query parameter ${k}`);
      }
  } catch {
    /* not a URL: nothing to find */
  }
  bodySecrets('request', bodyText(x.requestBody), mimeOf(x.requestHeaders), out, add);
  bodySecrets('response', bodyText(x.responseBody), mimeOf(x.responseHeaders), out, add);
  messageSecrets(x, out, add);
  out.fields = [...new Set(out.fields)];
  out.values = [...new Set(out.named.map((n) => n.value))].sort((a, b) => b.length - a.length);
  return out;
}

type Add = (name: string, value: string, what: string) => void;

function bodySecrets(side: string, text: string, mime: string, out: SecretPlaces, add: Add): void {
  if (text === '') return;
  const fields = bodyFields(text, mime);
  for (const f of fields) {
    if (!isSecretField(f.name, f.value)) continue;
    out.fields.push(`${side} ${f.kind} ${f.kind === 'json' ? f.what.slice('JSON field '.length) : f.name}`);
    add(f.name, f.value, `${side} ${f.what}`);
  }
  if (fields.length === 0 && mime.includes('html')) {
    for (const m of text.matchAll(/<input\b[^>]*>/gi)) {
      const name = /\bname\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1];
      const value = /\bvalue\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1];
      if (name && value && isSecretField(name, value)) {
        out.fields.push(`${side} html input ${name}`);
        add(name, value, `${side} hidden input ${name}`);
      }
    }
  }
}

/** Credential fields of a WebSocket session's text messages (`{"type":"auth","token":"..."}`), as of a JSON body. */
function messageSecrets(x: RecordedExchange, out: SecretPlaces, add: Add): void {
  for (const m of x.webSocket?.messages ?? []) {
    if (m.opcode !== 1) continue;
    const json = /^\s*[[{]/.test(m.data) ? 'application/json' : 'text/plain';
    bodySecrets(m.type === 'send' ? 'sent message' : 'received message', m.data, json, out, add);
  }
}

/**
 * The credentials inside a recording's WebSocket messages, for the conversion: a session's messages are no request
 * body the secrets pass reads, so their values are handed to it to replace wherever they appear.
 */
export function webSocketSecrets(exchanges: readonly RecordedExchange[]): KnownSecret[] {
  return exchanges.flatMap((x) => {
    const out: SecretPlaces = { requestHeaders: [], responseHeaders: [], query: [], fields: [], values: [], named: [] };
    const found: KnownSecret[] = [];
    messageSecrets(x, out, (name, value, what) => {
      if (value.length >= 4) found.push({ value, name, where: `entry ${x.id}`, what });
    });
    return found;
  });
}

/** The credentials of a recording, for the conversion: each value replaced wherever it appears in the plan. */
export function recordedSecrets(exchanges: readonly RecordedExchange[]): KnownSecret[] {
  return exchanges.flatMap((x) =>
    findSecrets(x).named.map((n) => ({ value: n.value, name: n.name, where: `entry ${x.id}`, what: n.what })),
  );
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
