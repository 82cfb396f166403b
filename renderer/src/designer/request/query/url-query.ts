/**
 * The query string written in a request's URL, as parameters, and moving them into the request's `query` map
 * (where the Query tab edits them). Pure. Templates (`${...}`) are kept as written; percent-escapes are decoded,
 * since the engine encodes `query` values when it sends them.
 */
import type { ObjectIn, RequestDraft } from '../../core/doc/index.ts';

export interface UrlParam {
  name: string;
  value: string;
}

/** A request's `query` map as a draft. */
type QueryDraft = ObjectIn<RequestDraft['query']>;

/** Splits `url` at its first `?` (outside `${...}`); the fragment, if any, stays with the base. */
export function splitUrlQuery(url: string): { base: string; params: UrlParam[] } {
  const at = queryStart(url);
  if (at < 0) return { base: url, params: [] };
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  const base = url.slice(0, at) + (hash < 0 ? '' : url.slice(hash));
  const params = query
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return { name: decode(eq < 0 ? p : p.slice(0, eq)), value: eq < 0 ? '' : decode(p.slice(eq + 1)) };
    });
  return { base, params };
}

/** The URL without its query string, and `query` with the URL's parameters added (a name already there keeps its value). */
export function moveQueryIntoTable(url: string, query: QueryDraft | undefined): { url: string; query: QueryDraft } {
  const { base, params } = splitUrlQuery(url);
  const out: { [name: string]: QueryDraft[string] } = { ...query };
  for (const p of params) if (!(p.name in out)) out[p.name] = p.value;
  return { url: base, query: out };
}

function queryStart(url: string): number {
  let depth = 0;
  for (let i = 0; i < url.length; i++) {
    if (url[i] === '$' && url[i + 1] === '{') {
      depth++;
      i++;
      continue;
    }
    if (url[i] === '}' && depth > 0) {
      depth--;
      continue;
    }
    if (url[i] === '?' && depth === 0) return i;
  }
  return -1;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
