/**
 * Collects what the VU code path reports (see hook.ts) per request step, converting each hop at once so a large
 * body is never held longer than its exchange, and counts exchanges against the call's limit.
 */
import type { CompiledRequest } from '../compile/request.ts';
import type { ExtractOutcome } from '../extract.ts';
import type { ExchangeResult } from '../http/types.ts';
import {
  bodyText, firstHeader, headerPairs, NO_TIMINGS, REQUEST_BODY_LIMIT, RESPONSE_BODY_LIMIT, responseHeaderPairs, timingsMs, type TraceEntry,
} from './entry.ts';
import type { RequestTrace, SentRequest } from './hook.ts';

type Draft = Omit<TraceEntry, 'scenario' | 'group' | 'path' | 'name'>;

/** Where a compiled request sits in the document. */
export interface RequestSite { req: CompiledRequest; path: (string | number)[] }

export class TraceCollector implements RequestTrace {
  private readonly seen = new Map<CompiledRequest, Draft>();
  private readonly sent = new Set<CompiledRequest>();
  private readonly maxExchanges: number;
  private readonly onLimit: () => void;
  /** Exchanges sent so far (redirect hops included). */
  exchanges = 0;
  /** Why in-flight requests were interrupted, once the call's deadline or request limit stopped the VU. */
  stopReason: string | undefined;

  constructor(maxExchanges: number, onLimit: () => void) {
    this.maxExchanges = maxExchanges;
    this.onLimit = onLimit;
  }

  get limitReached(): boolean { return this.exchanges >= this.maxExchanges; }

  exchange(req: CompiledRequest, sent: SentRequest, res: ExchangeResult): void {
    const p = this.entry(req);
    const contentType = sent.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-type');
    const body = bodyText(sent.body, REQUEST_BODY_LIMIT, contentType >= 0 ? sent.headers[contentType + 1] : null);
    if (this.sent.has(req)) p.redirects++;
    this.sent.add(req);
    p.request = { method: sent.method, url: sent.url, headers: headerPairs(sent.headers), body: sent.body === null ? null : body.text, bodyTruncated: body.truncated };
    p.timings = timingsMs(res);
    if (res.interrupted) {
      p.response = null;
      p.error = { kind: 'interrupted', message: this.stopReason ?? 'interrupted before the response arrived' };
    } else if (res.status === 0) {
      p.response = null;
      p.error = res.error ?? { kind: 'other', message: 'no response' };
    } else {
      const type = firstHeader(res.headers, 'content-type');
      const shown = bodyText(res.body, RESPONSE_BODY_LIMIT, type);
      p.response = {
        status: res.status, headers: responseHeaderPairs(res.headers), body: shown.text,
        bodyTruncated: shown.truncated || res.bodyTruncated, size: res.bytesReceived, contentType: type,
      };
      p.error = res.error ?? null; // a response can still fail the request: a redirect chain cut short by maxRedirects
    }
    if (++this.exchanges === this.maxExchanges) this.onLimit();
  }

  failed(req: CompiledRequest, kind: string, message: string): void {
    const p = this.entry(req);
    p.error = { kind, message };
    // Nothing was sent: show the URL as written, which is what the message is about.
    if (!this.sent.has(req)) p.request.url = req.baseUrl && !/^https?:\/\//i.test(req.url.source) ? `${req.baseUrl.source}${req.url.source}` : req.url.source;
  }

  check(req: CompiledRequest, name: string, reason: string | undefined): void {
    this.entry(req).checks.push({ name, ok: reason === undefined, reason: reason ?? null });
  }

  extract(req: CompiledRequest, variable: string, outcome: ExtractOutcome, value: unknown): void {
    const reason = outcome.ok ? null : value !== undefined ? `${outcome.reason}; the default was used` : outcome.reason;
    // null, not undefined, for an unset variable: the entry crosses JSON and the contract requires the key.
    this.entry(req).extracted.push({ variable, ok: outcome.ok, value: value === undefined ? null : value, reason });
  }

  /** Entries of the requests that ran, in the order of `sites` (document order). */
  entries(scenario: string, sites: readonly RequestSite[]): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (const { req, path } of sites) {
      const p = this.seen.get(req);
      if (p) out.push({ scenario, group: req.group, path, name: req.name, ...p });
    }
    return out;
  }

  private entry(req: CompiledRequest): Draft {
    let p = this.seen.get(req);
    if (!p) {
      p = {
        request: { method: req.method, url: '', headers: [], body: null, bodyTruncated: false },
        response: null, timings: NO_TIMINGS, error: null, checks: [], extracted: [], redirects: 0,
      };
      this.seen.set(req, p);
    }
    return p;
  }
}
