/**
 * What both HTTP clients record of one exchange (undici's handler in exchange.ts, the fast client's in
 * fast/request.ts): the phase clock, connect timing, the response head, the body kept for checks and extractions,
 * and the one place an ExchangeResult is built from them, so the two paths cannot measure differently.
 */
import { performance } from 'node:perf_hooks';
import type { ExchangeResult, ExchangeSpec, ResponseHeaders } from './types.ts';
import { classifyError, errorMessage } from './errors.ts';
import { us } from './micros.ts';

export const EMPTY_HEADERS: ResponseHeaders = Object.freeze({});

export abstract class ExchangeState {
  /** When the exchange was asked for (blocked time and the request timeout count from here). */
  readonly t0 = performance.now();
  /** The request timeout in ms (0: none): the whole exchange ends within it (./timeout.ts). */
  readonly timeoutMs: number;
  tStart = 0;
  tSent = 0;
  tFirst = 0;
  /** Connect timing, when a connection was opened for this exchange (microseconds). */
  lookup = 0;
  connecting = 0;
  tls = 0;
  protected status = 0;
  protected headers: ResponseHeaders = EMPTY_HEADERS;
  protected truncated = false;
  protected done = false;
  private readonly keepBody: boolean;
  private readonly maxBodySize: number;
  private chunks: Buffer[] | undefined;
  private kept = 0;

  constructor(spec: ExchangeSpec) {
    this.timeoutMs = spec.timeoutMs;
    this.keepBody = spec.keepBody;
    this.maxBodySize = spec.maxBodySize;
  }

  get finished(): boolean {
    return this.done;
  }

  /** Whether n more body bytes are to be kept (false once over maxBodySize: the body is then truncated). */
  protected wants(n: number): boolean {
    if (!this.keepBody || this.truncated || this.done) return false;
    if (this.kept + n > this.maxBodySize) {
      this.truncated = true;
      return false;
    }
    return true;
  }

  protected keep(chunk: Buffer): void {
    (this.chunks ??= []).push(chunk);
    this.kept += chunk.length;
  }

  /** Ends the exchange (once) and builds its result: phases in µs from the clock, the body kept so far. */
  protected result(
    err: Error | undefined,
    interrupted: boolean,
    bytesReceived: number,
    bytesSent: number,
    headBytes: number,
    h2: boolean,
  ): ExchangeResult {
    this.done = true;
    const end = performance.now();
    const start = this.tStart || end;
    const sent = this.tSent || start;
    const first = this.tFirst || end;
    const failed = err !== undefined || interrupted;
    const chunks = this.chunks;
    this.chunks = undefined;
    const sending = us(sent - start);
    const waiting = us(first - sent);
    const receiving = us(end - first);
    return {
      status: failed ? 0 : this.status,
      headers: failed ? EMPTY_HEADERS : this.headers,
      body:
        chunks === undefined
          ? this.keepBody && !err
            ? Buffer.alloc(0)
            : undefined
          : chunks.length === 1
            ? chunks[0]
            : Buffer.concat(chunks, this.kept),
      bodyTruncated: this.truncated,
      bytesReceived,
      bytesSent,
      blocked: us(start - this.t0),
      lookup: this.lookup,
      connecting: this.connecting,
      tls: this.tls,
      sending,
      waiting,
      receiving,
      duration: sending + waiting + receiving,
      error: err && !interrupted ? { kind: classifyError(err), message: errorMessage(err) } : undefined,
      interrupted,
      headBytes,
      h2,
    };
  }
}
