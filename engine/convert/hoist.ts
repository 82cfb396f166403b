/**
 * What all requests repeat goes to `defaults` once: headers with the same value in every request, and the auth
 * most requests use (the others then say their own auth, or `{ type: none }`). Plans read like hand-written ones.
 */
import type { Auth, Request } from '../plan/schema/index.ts';

export function hoistDefaults(requests: Request[]): { headers?: Record<string, string>; auth?: Auth } {
  const out: { headers?: Record<string, string>; auth?: Auth } = {};
  if (requests.length >= 2) {
    const headers = sharedHeaders(requests);
    if (headers) out.headers = headers;
  }
  const auth = requests.length >= 2 ? sharedAuth(requests) : undefined;
  if (auth) out.auth = auth;
  return out;
}

function sharedHeaders(requests: Request[]): Record<string, string> | undefined {
  const first = requests[0]?.headers ?? {};
  const shared: Record<string, string> = {};
  for (const [name, value] of Object.entries(first)) {
    const everywhere = requests.every((r) =>
      Object.entries(r.headers ?? {}).some(([k, v]) => k.toLowerCase() === name.toLowerCase() && v === value),
    );
    if (everywhere) shared[name] = String(value);
  }
  if (Object.keys(shared).length === 0) return undefined;
  const lower = new Set(Object.keys(shared).map((k) => k.toLowerCase()));
  for (const r of requests) {
    const rest = Object.fromEntries(Object.entries(r.headers ?? {}).filter(([k]) => !lower.has(k.toLowerCase())));
    if (Object.keys(rest).length > 0) r.headers = rest;
    else delete r.headers;
  }
  return shared;
}

function sharedAuth(requests: Request[]): Auth | undefined {
  const counts = new Map<string, { auth: Auth; n: number }>();
  for (const r of requests) {
    if (!r.auth || r.auth.type === 'none') continue;
    const key = JSON.stringify(r.auth);
    const c = counts.get(key) ?? { auth: r.auth, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!best || best.n * 2 <= requests.length) return undefined;
  const key = JSON.stringify(best.auth);
  for (const r of requests) {
    if (r.auth && JSON.stringify(r.auth) === key) delete r.auth;
    else if (!r.auth) r.auth = { type: 'none' };
  }
  return best.auth;
}
