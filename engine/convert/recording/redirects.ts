/**
 * Redirect chains: an entry continues the one whose redirect (3xx with Location) pointed at its URL. The recorder
 * links entries as they complete; HAR import links them in order.
 */
import { headerValue, type RecordedExchange } from './types.ts';

export class RedirectLinker {
  /** Normalized target URL -> the entry that redirected there (and when, to forget stale ones). */
  private readonly waiting = new Map<string, { id: number; at: number }>();
  private readonly maxAgeMs: number;

  constructor(maxAgeMs = 60_000) {
    this.maxAgeMs = maxAgeMs;
  }

  /** The entry `x` continues, if any; and remembers where `x` itself redirects to. */
  link(x: Pick<RecordedExchange, 'id' | 'url' | 'status' | 'responseHeaders' | 'startedAt'>): number | undefined {
    const key = normalizeUrl(x.url);
    const from = key === undefined ? undefined : this.waiting.get(key);
    if (key !== undefined && from) this.waiting.delete(key);
    const location = headerValue(x.responseHeaders, 'location');
    if (x.status >= 300 && x.status < 400 && x.status !== 304 && location) {
      const target = normalizeUrl(location, x.url);
      if (target !== undefined) this.waiting.set(target, { id: x.id, at: x.startedAt });
    }
    if (this.waiting.size > 1000) {
      for (const [k, w] of this.waiting) if (x.startedAt - w.at > this.maxAgeMs) this.waiting.delete(k);
    }
    return from && from.id !== x.id && x.startedAt - from.at <= this.maxAgeMs ? from.id : undefined;
  }
}

/** The URL as WHATWG parses it (so `https://a.test` and `https://a.test/` are one), without its fragment. */
export function normalizeUrl(url: string, base?: string): string | undefined {
  try {
    const u = new URL(url, base);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}
