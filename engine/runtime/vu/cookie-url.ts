/**
 * The URL a cookie jar sees for a request, without parsing the URL each time: host and scheme from the origin
 * (parsed once per origin), the path from the request target. Paths with dot segments (also written %2e) go
 * through WHATWG URL, whose normalised path is what cookie paths match against.
 */
import type { CookieUrl } from '../http/cookie-jar.ts';

const ORIGINS = new Map<string, { hostname: string; protocol: string }>();
const MAX_ORIGINS = 1000;
/** A dot written %2e, which WHATWG URL also treats as a dot segment. */
const DOT_ENCODED = /%2e/i;

/** `origin` ("http://host:port") and `path` ("/p?q") as splitUrl gives them; `url` the whole URL. */
export function cookieUrl(origin: string, path: string, url: string): CookieUrl {
  if (path.includes('/.') || DOT_ENCODED.test(path)) {
    const u = new URL(url);
    return { hostname: u.hostname, protocol: u.protocol, pathname: u.pathname };
  }
  let o = ORIGINS.get(origin);
  if (o === undefined) {
    const u = new URL(origin);
    o = { hostname: u.hostname, protocol: u.protocol };
    if (ORIGINS.size < MAX_ORIGINS) ORIGINS.set(origin, o);
  }
  const q = path.indexOf('?');
  return { hostname: o.hostname, protocol: o.protocol, pathname: q < 0 ? path : path.slice(0, q) };
}
