/**
 * One draft -> one plan request: the URL made relative to the base URL, its query string as a `query` map when
 * that sends the same bytes, the body under its plan key, and headers the engine sets itself left out.
 */
import type { Request } from '../plan/schema/index.ts';
import { HTTP_METHODS } from '../plan/schema/index.ts';
import type { DraftRequest, Notes } from './draft.ts';

/** Headers a client computes (or HTTP/2 pseudo-headers): sending them as recorded would be wrong. */
const COMPUTED = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'proxy-connection',
  'expect',
]);
const DEFAULT_TYPES: Record<string, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

export function toRequest(d: DraftRequest, base: string | undefined, notes: Notes): Request {
  const method = d.method.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method))
    throw new Error(`unreachable: importers check methods (${method})`);
  const r: Request = {
    ...(d.name ? { name: d.name } : {}),
    ...(method !== 'GET' ? { method: method as Request['method'] } : {}),
    url: d.url,
  };
  let url = d.url;
  if (base !== undefined && url.startsWith(base) && /^($|[/?])/.test(url.slice(base.length)))
    url = url.slice(base.length) || '/';
  const hash = url.indexOf('#');
  if (hash >= 0) {
    notes.add(
      'info',
      d.where,
      `the URL fragment '${url.slice(hash)}' was left out: browsers and HTTP clients never send it`,
    );
    url = url.slice(0, hash);
  }
  const split = splitQuery(url);
  r.url = split.url;
  if (split.query) r.query = split.query;

  const headers: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of d.headers) {
    const lower = name.toLowerCase();
    // A Host that differs from the URL's is deliberate (a virtual host behind a load balancer): it is kept.
    if (lower === 'host' && value.toLowerCase() !== authority(d.url)) {
      notes.add('info', d.where, `kept Host: ${value} (the URL's host differs)`);
      headers[name] = value;
      continue;
    }
    if (name.startsWith(':') || COMPUTED.has(lower)) {
      dropped.push(name);
      continue;
    }
    if (lower === 'content-type' && d.body && DEFAULT_TYPES[d.body.kind] === value.trim().toLowerCase()) continue;
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === lower);
    if (existing !== undefined) {
      headers[existing] =
        lower === 'cookie' ? joinCookies(headers[existing]!, value) : `${headers[existing]}, ${value}`;
    } else headers[name] = value;
  }
  if (dropped.length > 0)
    notes.add('info', d.where, `left out headers the engine sets itself: ${[...new Set(dropped)].join(', ')}`);
  const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'accept-encoding')?.[1];
  if (encoding !== undefined && /gzip|br|deflate|zstd/i.test(encoding)) {
    notes.add(
      'info',
      d.where,
      `kept Accept-Encoding: ${encoding}: responses may come compressed; Loadsmith measures the bytes received but does not decompress, so body checks and extractions would see compressed data (remove the header if you add them)`,
    );
  }
  if (Object.keys(headers).length > 0) r.headers = headers;
  if (d.auth && d.auth.type !== 'none') r.auth = d.auth; // none is re-added where plan defaults would apply
  if (d.body) Object.assign(r, body(d));
  if (d.timeout) r.timeout = d.timeout;
  if (d.maxRedirects !== undefined) r.maxRedirects = d.maxRedirects;
  if (d.http && Object.keys(d.http).length > 0) r.http = d.http;
  if (d.checks && d.checks.length > 0) r.checks = d.checks;
  if (d.extract && Object.keys(d.extract).length > 0) r.extract = d.extract;
  return r;
}

/** Two Cookie headers as one, each cookie once (httpsnippet writes the same cookies with -H Cookie and --cookie). */
export function joinCookies(a: string, b: string): string {
  const pairs = [...a.split(';'), ...b.split(';')].map((p) => p.trim()).filter(Boolean);
  return [...new Set(pairs)].join('; ');
}

function authority(url: string): string {
  return /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
}

function body(d: DraftRequest): Partial<Request> {
  const b = d.body;
  switch (b?.kind) {
    case 'json':
      return { json: b.value };
    case 'text':
      return { text: b.text };
    case 'file':
      return { file: b.contentType ? { path: b.path, contentType: b.contentType } : b.path };
    case 'form': {
      const form: Record<string, string | string[]> = {};
      for (const [k, v] of b.fields) {
        const prev = form[k];
        form[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      }
      return { form };
    }
    default:
      return {};
  }
}

/** `?a=1&b=x` -> { a: '1', b: 'x' } when encoding the map again gives the same bytes; else the URL keeps it. */
export function splitQuery(url: string): { url: string; query?: Record<string, string | string[]> } {
  const q = url.indexOf('?');
  if (q < 0) return { url };
  const search = url.slice(q + 1);
  const path = url.slice(0, q) || '/';
  if (search === '') return { url: path };
  const query: Record<string, string | string[]> = {};
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return { url };
    const k = decodeSafe(pair.slice(0, eq));
    const v = decodeSafe(pair.slice(eq + 1));
    if (k === undefined || v === undefined || !sameBytes(k, pair.slice(0, eq)) || !sameBytes(v, pair.slice(eq + 1)))
      return { url };
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return { url: path, query };
}

function decodeSafe(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Does encodeURIComponent give back the raw text? Expressions `${...}` are compared as written. */
function sameBytes(decoded: string, raw: string): boolean {
  const parts = decoded.split(/(\$\{[^}]*\})/);
  return parts.map((p, i) => (i % 2 === 1 ? p : encodeURIComponent(p))).join('') === raw;
}
