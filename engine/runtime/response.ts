/** A finished response as checks and extractions see it; JSON and text are decoded once, on demand. */
import type { ResponseHeaders } from './http/types.ts';

export class ResponseView {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: Buffer | undefined;
  readonly bodyTruncated: boolean;
  readonly durationMs: number;
  readonly url: string;
  private textCache: string | undefined;
  private jsonCache: { ok: true; value: unknown } | { ok: false; error: string } | undefined;

  constructor(
    status: number,
    headers: ResponseHeaders,
    body: Buffer | undefined,
    bodyTruncated: boolean,
    durationMs: number,
    url: string,
  ) {
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.bodyTruncated = bodyTruncated;
    this.durationMs = durationMs;
    this.url = url;
  }

  text(): string {
    return (this.textCache ??= this.body ? this.body.toString('utf8') : '');
  }

  /** The parsed JSON body, or why there is none. */
  json(): { ok: true; value: unknown } | { ok: false; error: string } {
    if (this.jsonCache) return this.jsonCache;
    if (this.bodyTruncated)
      return (this.jsonCache = {
        ok: false,
        error: 'the body is larger than maxBodySize (raise defaults.http.maxBodySize)',
      });
    try {
      return (this.jsonCache = { ok: true, value: JSON.parse(this.text()) });
    } catch {
      const t = this.text();
      return (this.jsonCache = {
        ok: false,
        error:
          t === ''
            ? 'the body is empty, not JSON'
            : `the body is not JSON (starts with ${JSON.stringify(t.slice(0, 40))})`,
      });
    }
  }

  /** A header's value; repeated headers are joined with ", " (Set-Cookie with "\n"). */
  header(name: string): string | undefined {
    const v = this.headers[name.toLowerCase()];
    if (v === undefined) return undefined;
    return Array.isArray(v) ? v.join(name.toLowerCase() === 'set-cookie' ? '\n' : ', ') : v;
  }

  headersText(): string {
    return Object.entries(this.headers)
      .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x ?? ''}`))
      .join('\n');
  }
}
