/**
 * Set-Cookie parsing and the matching rules of RFC 6265 (sections 5.1.3, 5.1.4, 5.2), kept apart from
 * the jar so each rule can be read next to the RFC text.
 */

/** A Set-Cookie header value parsed into its parts; attributes not given are undefined. */
export interface ParsedSetCookie {
  name: string;
  value: string;
  /** Lower-cased, leading dot removed. */
  domain: string | undefined;
  path: string | undefined;
  /** Absolute expiry in ms since the epoch, from Max-Age (which wins) or Expires. */
  expiresAt: number | undefined;
  secure: boolean;
  httpOnly: boolean;
}

/** Browsers drop cookies whose name and value exceed 4096 bytes; so do we, to bound a VU's memory. */
const MAX_NAME_VALUE_LENGTH = 4096;

/**
 * Parses one Set-Cookie header value (RFC 6265 5.2). Returns undefined for values the RFC says to
 * ignore: no "=" in the name-value pair, or an empty name.
 */
export function parseSetCookie(header: string, nowMs: number): ParsedSetCookie | undefined {
  const semi = header.indexOf(';');
  const pair = semi < 0 ? header : header.slice(0, semi);
  const eq = pair.indexOf('=');
  if (eq < 0) return undefined;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (name === '' || name.length + value.length > MAX_NAME_VALUE_LENGTH) return undefined;

  const cookie: ParsedSetCookie = {
    name,
    value,
    domain: undefined,
    path: undefined,
    expiresAt: undefined,
    secure: false,
    httpOnly: false,
  };
  if (semi < 0) return cookie;
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attr of header.slice(semi + 1).split(';')) {
    const aeq = attr.indexOf('=');
    const key = (aeq < 0 ? attr : attr.slice(0, aeq)).trim().toLowerCase();
    const val = aeq < 0 ? '' : attr.slice(aeq + 1).trim();
    switch (key) {
      case 'max-age':
        // 5.2.2: only an optional "-" followed by digits counts; anything else is ignored.
        if (/^-?\d+$/.test(val)) maxAge = Number(val);
        break;
      case 'expires': {
        const t = Date.parse(val);
        if (!Number.isNaN(t)) expires = t;
        break;
      }
      case 'domain':
        if (val !== '') cookie.domain = (val.startsWith('.') ? val.slice(1) : val).toLowerCase();
        break;
      case 'path':
        cookie.path = val.startsWith('/') ? val : undefined;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      default:
        // SameSite, Priority, Partitioned, unknown: irrelevant for a load generator.
        break;
    }
  }
  if (maxAge !== undefined) cookie.expiresAt = maxAge <= 0 ? -Infinity : nowMs + maxAge * 1000;
  else if (expires !== undefined) cookie.expiresAt = expires;
  return cookie;
}

/** RFC 6265 5.1.4: the directory of the request path, used when Set-Cookie has no (valid) Path. */
export function defaultPath(requestPath: string): string {
  if (!requestPath.startsWith('/')) return '/';
  const slash = requestPath.lastIndexOf('/');
  return slash === 0 ? '/' : requestPath.slice(0, slash);
}

/** RFC 6265 5.1.4 path-match. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charCodeAt(cookiePath.length) === 0x2f;
}

/** True for IPv4 literals and bracketed IPv6 literals as WHATWG URL hostnames spell them. */
export function isIpHost(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** RFC 6265 5.1.3 domain-match: identical, or a subdomain of a non-IP host. */
export function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return (
    host.length > domain.length &&
    host.endsWith(domain) &&
    host.charCodeAt(host.length - domain.length - 1) === 0x2e &&
    !isIpHost(host)
  );
}
