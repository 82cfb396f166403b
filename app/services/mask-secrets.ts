/**
 * Secret environment values never reach the screen: Try it and Validate show requests and responses with every
 * occurrence of a secret replaced by a mask — in the URL, headers, bodies, extracted values, check reasons, error
 * messages and the variables handed back — however the exchange spelled it: as is, URL- or form-encoded (a query, a
 * form body), JSON-escaped (a JSON body, also with \uXXXX escapes), HTML-escaped (a form page echoing it), or
 * base64-encoded (a Basic credential, a token wrapping it), sent or echoed back.
 */
import type { Summary } from 'loadsmith/metrics';
import type { Tick, TraceEntry } from 'loadsmith';

export const MASK = '••••••';

/** A cut-off body may end with the first characters of a secret: this many or more are masked too. */
const MIN_TAIL = 3;

/** Replaces every secret in text; `secrets` longest first so a secret containing another is masked whole. */
export function maskText(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || text === '') return text;
  const { spellings, bytes, minLength } = spellingsOf(secrets);
  let out = text;
  for (const s of spellings) if (out.includes(s)) out = out.split(s).join(MASK);
  // Base64 runs that decode to text holding a secret (a Basic credential `user:secret`, sent or echoed back). Node's
  // base64 decoder reads the URL-safe alphabet too. A run too short to decode to the shortest spelling is skipped.
  return out.replace(/[A-Za-z0-9+/_-]{4,}={0,2}/g, (run) => {
    if (Math.floor((run.length * 3) / 4) < minLength) return run;
    const decoded = Buffer.from(run, 'base64').toString('latin1');
    return bytes.some((b) => decoded.includes(b)) ? MASK : run;
  });
}

/** Text cut at a size limit: masked, and a secret's beginning left at its very end masked as well. */
export function maskCutText(text: string, secrets: readonly string[]): string {
  const out = maskText(text, secrets);
  for (const s of spellingsOf(secrets).spellings) {
    for (let n = Math.min(s.length - 1, out.length); n >= MIN_TAIL; n--)
      if (out.endsWith(s.slice(0, n))) return out.slice(0, out.length - n) + MASK;
  }
  return out;
}

/** The secret values worth masking: non-empty, longest first. */
export function secretValues(values: Readonly<Record<string, string>>, secretNames: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const name of secretNames) {
    const v = values[name];
    if (v !== undefined && v !== '') out.add(v);
  }
  return [...out].sort((a, b) => b.length - a.length);
}

interface Spellings {
  spellings: string[];
  /** The same as bytes, one character per byte. */ bytes: string[];
  minLength: number;
}
const cache = new WeakMap<readonly string[], Spellings>();

/** Every spelling of every secret, longest first, and the shortest one's length in bytes. */
function spellingsOf(secrets: readonly string[]): Spellings {
  let found = cache.get(secrets);
  if (found) return found;
  const all = new Set<string>();
  for (const s of secrets) for (const v of spellings(s)) if (v !== '') all.add(v);
  const list = [...all].sort((a, b) => b.length - a.length);
  const bytes = list.map((s) => Buffer.from(s).toString('latin1'));
  found = { spellings: list, bytes, minLength: Math.min(...bytes.map((b) => b.length)) };
  cache.set(secrets, found);
  return found;
}

/** How HTTP clients, servers and pages write one value. */
function spellings(s: string): string[] {
  const url = encodeURIComponent(s);
  const form = new URLSearchParams({ s }).toString().slice(2);
  const json = JSON.stringify(s).slice(1, -1);
  const u = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const html = (apos: string): string =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apos);
  return [
    s,
    url,
    url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    form,
    form.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    url.replace(/%20/g, '+'),
    json,
    json.replace(/[^\x20-\x7e]/g, u),
    json.replace(/[^\x20-\x7e]|[<>&]/g, u), // Python's ensure_ascii; Go's HTML-safe JSON
    html('&#39;'),
    html('&#x27;'),
  ];
}

/** Any data (extracted values, setup's data) with every secret masked inside its strings. */
export function maskValue(v: unknown, secrets: readonly string[]): unknown {
  if (typeof v === 'string') return maskText(v, secrets);
  if (secrets.length === 0) return v;
  if (Array.isArray(v)) return v.map((x) => maskValue(x, secrets));
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskValue(x, secrets)]));
  return v;
}

/**
 * Variables as Try it hands them back: masked like everything else it shows. A variable holding a secret is then
 * sent masked by the next Try it, as one taken from a Validate's extractions is.
 */
export function maskVariables(vars: Record<string, unknown>, secrets: readonly string[]): Record<string, unknown> {
  return secrets.length === 0 ? vars : (maskValue(vars, secrets) as Record<string, unknown>);
}

/** The entry as it may be shown: a copy with every secret masked. */
export function maskEntry(e: TraceEntry, secrets: readonly string[]): TraceEntry {
  if (secrets.length === 0) return e;
  const m = (t: string): string => maskText(t, secrets);
  const body = (t: string, cut: boolean): string => (cut ? maskCutText(t, secrets) : m(t));
  const headers = (h: [string, string][]): [string, string][] => h.map(([k, v]) => [k, m(v)]);
  return {
    ...e,
    request: {
      ...e.request,
      url: m(e.request.url),
      headers: headers(e.request.headers),
      body: e.request.body === null ? null : body(e.request.body, e.request.bodyTruncated),
    },
    response: e.response && {
      ...e.response,
      headers: headers(e.response.headers),
      body: body(e.response.body, e.response.bodyTruncated),
    },
    error: e.error && { ...e.error, message: m(e.error.message) },
    checks: e.checks.map((c) => ({ ...c, reason: c.reason === null ? null : m(c.reason) })),
    extracted: e.extracted.map((x) => ({
      ...x,
      value: maskValue(x.value, secrets),
      reason: x.reason === null ? null : m(x.reason),
    })),
    // A server may echo a token in its status details or a trailer as an HTTP server does in a header.
    ...(e.grpc ? { grpc: { ...e.grpc, details: m(e.grpc.details), trailers: headers(e.grpc.trailers) } } : {}),
  };
}

/**
 * A run's summary as stored, shown and exported: the texts that may quote what was sent or received (check
 * failures, error and extraction messages, notes) masked; the numbers untouched.
 */
export function maskSummary(s: Summary, secrets: readonly string[]): Summary {
  if (secrets.length === 0) return s;
  const m = (t: string): string => maskText(t, secrets);
  return {
    ...s,
    checks: s.checks.map((c) => (c.failure === undefined ? c : { ...c, failure: m(c.failure) })),
    errors: s.errors.map((e) => ({ ...e, message: m(e.message) })),
    extractFailures: s.extractFailures.map((e) => ({ ...e, message: m(e.message) })),
    notes: s.notes.map(m),
  };
}

/** A live tick's sample error messages, masked (the rest of a tick is numbers). */
export function maskLive(live: Tick['live'], secrets: readonly string[]): Tick['live'] {
  return secrets.length === 0
    ? live
    : { ...live, errors: live.errors.map((e) => ({ ...e, message: maskText(e.message, secrets) })) };
}
