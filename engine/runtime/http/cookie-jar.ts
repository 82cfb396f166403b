/**
 * A per-virtual-user cookie jar following the essentials of RFC 6265.
 *
 * Thousands of VUs each own one, and it is consulted on every request, so it is a plain array kept
 * in send order (longer paths first, then older first): a lookup is one filtered pass, no sort, and
 * an empty jar answers without touching the clock.
 */
import { defaultPath, domainMatches, parseSetCookie, pathMatches } from './cookie-parse.ts';

interface StoredCookie {
  name: string;
  value: string;
  /** Lower-cased; the request host for host-only cookies. */
  domain: string;
  hostOnly: boolean;
  path: string;
  /** ms since the epoch; Infinity for session cookies. */
  expiresAt: number;
  secure: boolean;
  httpOnly: boolean;
  /** Creation order, kept when a cookie is replaced (RFC 6265 5.3 step 11.3). */
  seq: number;
}

/**
 * Bound on cookies per jar. Browsers keep ~180 per domain; a VU talks to few domains. Beyond this the
 * oldest cookie is evicted so a target that sets a new cookie on every response cannot grow memory.
 */
const MAX_COOKIES = 300;

/** What the jar needs of a request URL (a WHATWG URL is one; so is ../vu/cookie-url.ts's, made without parsing). */
export interface CookieUrl {
  readonly hostname: string;
  readonly pathname: string;
  readonly protocol: string;
}

/** Stores cookies from responses and produces the Cookie header for requests, per virtual user. */
export class CookieJar {
  private cookies: StoredCookie[] = [];
  private nextSeq = 0;

  /**
   * Store cookies from Set-Cookie header values of a response to `url`.
   * Each array element (or the single string) is one Set-Cookie header; values are not split on commas.
   * Cookies whose Domain does not domain-match the host, or is a single label such as "com", are ignored.
   */
  setFromResponse(url: CookieUrl, setCookie: string | string[] | undefined, nowMs: number = Date.now()): void {
    if (setCookie === undefined) return;
    if (typeof setCookie === 'string') this.store(url, setCookie, nowMs);
    else for (const header of setCookie) this.store(url, header, nowMs);
  }

  /** The Cookie header value to send to `url`, or undefined when no cookie matches. */
  cookieHeader(url: CookieUrl, nowMs?: number): string | undefined {
    if (this.cookies.length === 0) return undefined;
    const now = nowMs ?? Date.now();
    const host = url.hostname.toLowerCase();
    const path = url.pathname === '' ? '/' : url.pathname;
    const secure = url.protocol === 'https:' || url.protocol === 'wss:';
    let header: string | undefined;
    let expired = false;
    for (const c of this.cookies) {
      if (c.expiresAt <= now) {
        expired = true;
        continue;
      }
      if (c.secure && !secure) continue;
      if (c.hostOnly ? host !== c.domain : !domainMatches(host, c.domain)) continue;
      if (!pathMatches(path, c.path)) continue;
      const pair = `${c.name}=${c.value}`;
      header = header === undefined ? pair : `${header}; ${pair}`;
    }
    if (expired) this.purge(now);
    return header;
  }

  /** Forget every cookie (e.g. at the start of a new iteration when the plan asks for it). */
  clear(): void {
    this.cookies = [];
  }

  /** Number of stored cookies; expired ones are dropped lazily on the next store or lookup. */
  get size(): number {
    return this.cookies.length;
  }

  private store(url: CookieUrl, header: string, now: number): void {
    const parsed = parseSetCookie(header, now);
    if (parsed === undefined) return;
    const host = url.hostname.toLowerCase();
    let domain = host;
    let hostOnly = true;
    if (parsed.domain !== undefined) {
      if (!parsed.domain.includes('.')) {
        // A single label ("com") acts as a public suffix: only its own host may set it, host-only (5.3 step 5).
        if (parsed.domain !== host) return;
      } else {
        if (!domainMatches(host, parsed.domain)) return;
        domain = parsed.domain;
        hostOnly = false;
      }
    }
    const path = parsed.path ?? defaultPath(url.pathname);
    const expiresAt = parsed.expiresAt ?? Infinity;

    const index = this.cookies.findIndex((c) => c.name === parsed.name && c.domain === domain && c.path === path);
    const old = index < 0 ? undefined : this.cookies[index];
    if (index >= 0) this.cookies.splice(index, 1);
    if (expiresAt <= now) return; // Max-Age<=0 or a past Expires deletes the cookie.

    this.insert({
      name: parsed.name,
      value: parsed.value,
      domain,
      hostOnly,
      path,
      expiresAt,
      secure: parsed.secure,
      httpOnly: parsed.httpOnly,
      seq: old?.seq ?? this.nextSeq++,
    });
    if (this.cookies.length > MAX_COOKIES) this.evict(now);
  }

  /** Inserts keeping send order: longer path first, then lower creation sequence (RFC 6265 5.4 step 2). */
  private insert(cookie: StoredCookie): void {
    const list = this.cookies;
    let i = list.length;
    while (i > 0) {
      const prev = list[i - 1] as StoredCookie;
      if (prev.path.length > cookie.path.length || (prev.path.length === cookie.path.length && prev.seq < cookie.seq))
        break;
      i--;
    }
    list.splice(i, 0, cookie);
  }

  private purge(now: number): void {
    this.cookies = this.cookies.filter((c) => c.expiresAt > now);
  }

  private evict(now: number): void {
    this.purge(now);
    while (this.cookies.length > MAX_COOKIES) {
      let oldest = 0;
      this.cookies.forEach((c, i) => {
        if (c.seq < (this.cookies[oldest] as StoredCookie).seq) oldest = i;
      });
      this.cookies.splice(oldest, 1);
    }
  }
}
