/** Request URLs: relative ones are appended to defaults.baseUrl (not RFC-resolved, so /api in the base stays). */
const ABSOLUTE = /^https?:\/\//i;
const SPLIT = /^(https?):\/\/([^/?#]+)([^#]*)/i;
// Characters undici refuses in a request target; such URLs are normalised through WHATWG URL (percent-encoding).
const NEEDS_ENCODING = /[^\x21-\x7e]|["<>\\^`{|}]/;

export class UrlError extends Error {}

export function joinUrl(base: string | undefined, url: string): string {
  if (ABSOLUTE.test(url)) return url;
  if (base === undefined) throw new UrlError(`'${url}' is not an absolute URL and defaults.baseUrl is not set`);
  if (!ABSOLUTE.test(base)) throw new UrlError(`defaults.baseUrl '${base}' must start with http:// or https://`);
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return url === '' ? b : url.startsWith('/') || url.startsWith('?') ? b + url : `${b}/${url}`;
}

export function appendQuery(url: string, pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return url;
  // A fragment is never sent; the query must go before it, not after.
  const hash = url.indexOf('#');
  if (hash >= 0) url = url.slice(0, hash);
  const q = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return url + (url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?') + q;
}

/** origin ("http://host:port") and request target ("/path?query") of an absolute URL. */
export function splitUrl(url: string): { origin: string; path: string } {
  if (NEEDS_ENCODING.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new UrlError(`'${url}' is not a valid URL`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UrlError(`'${url}' is not an http(s) URL`);
    return { origin: u.origin, path: `${u.pathname}${u.search}` };
  }
  const m = SPLIT.exec(url);
  if (!m) throw new UrlError(`'${url}' is not an http(s) URL`);
  const rest = m[3] as string;
  return {
    origin: `${(m[1] as string).toLowerCase()}://${m[2]}`,
    path: rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest,
  };
}
