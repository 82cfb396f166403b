/**
 * Secret environment values never reach the screen: Try it and Validate show requests and responses with every
 * occurrence of a secret replaced by a mask — in the URL, headers, bodies, extracted values, check reasons and error
 * messages, also base64-encoded (inside a Basic credential, sent or echoed back).
 */
import type { TraceEntry } from 'loadsmith';

export const MASK = '••••••';

/** Replaces every secret in text; `secrets` longest first so a secret containing another is masked whole. */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  // Base64 runs that decode to text holding a secret (a Basic credential `user:secret`, sent or echoed back).
  // Node's base64 decoder reads the URL-safe alphabet too.
  return out.replace(/[A-Za-z0-9+/_-]{8,}={0,2}/g, (run) => {
    const decoded = Buffer.from(run, 'base64');
    return secrets.some((s) => decoded.includes(s)) ? MASK : run;
  });
}

/** The secret values worth masking: non-empty, longest first. */
export function secretValues(values: Readonly<Record<string, string>>, secretNames: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const name of secretNames) { const v = values[name]; if (v !== undefined && v !== '') out.add(v); }
  return [...out].sort((a, b) => b.length - a.length);
}

/** Any data (extracted values, setup's data) with every secret masked inside its strings. */
export function maskValue(v: unknown, secrets: readonly string[]): unknown {
  if (typeof v === 'string') return maskText(v, secrets);
  if (Array.isArray(v)) return v.map((x) => maskValue(x, secrets));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskValue(x, secrets)]));
  return v;
}

/** The entry as it may be shown: a copy with every secret masked. */
export function maskEntry(e: TraceEntry, secrets: readonly string[]): TraceEntry {
  if (secrets.length === 0) return e;
  const m = (t: string): string => maskText(t, secrets);
  const headers = (h: [string, string][]): [string, string][] => h.map(([k, v]) => [k, m(v)]);
  return {
    ...e,
    request: { ...e.request, url: m(e.request.url), headers: headers(e.request.headers), body: e.request.body === null ? null : m(e.request.body) },
    response: e.response && { ...e.response, headers: headers(e.response.headers), body: m(e.response.body) },
    error: e.error && { ...e.error, message: m(e.error.message) },
    checks: e.checks.map((c) => ({ ...c, reason: c.reason === null ? null : m(c.reason) })),
    extracted: e.extracted.map((x) => ({ ...x, value: maskValue(x.value, secrets), reason: x.reason === null ? null : m(x.reason) })),
  };
}
