/**
 * What the designer shows of one request step: the request as sent, the response as received, timings, and what
 * the plan's checks and extractions made of it. Same shape as app/contract's TraceEntry (the engine does not
 * import app/); bodies are cut to what a person reads, never what a run keeps.
 */
import type { PathSegment } from '../../plan/path.ts';
import type { ExchangeResult, ResponseHeaders } from '../http/types.ts';

export interface TraceTimings {
  blocked: number;
  connecting: number;
  tls: number;
  sending: number;
  waiting: number;
  receiving: number;
  duration: number;
}

export interface TraceRequestPart {
  method: string;
  url: string;
  headers: [string, string][];
  body: string | null;
  bodyTruncated: boolean;
}

export interface TraceResponsePart {
  status: number;
  headers: [string, string][];
  /** Empty with `bodyTruncated` when the body is not text (an image, a zip): it is not shown. */
  body: string;
  bodyTruncated: boolean;
  /** Bytes received, head and body, as on the wire. */
  size: number;
  contentType: string | null;
}

/** One request step as the designer shows it. */
export interface TraceEntry {
  scenario: string;
  /** k6 group path (`::outer::inner`), '' outside groups. */
  group: string;
  /** Document path of the step: [..., 'steps', i] or, in a batch, [..., 'batch', j]. */
  path: PathSegment[];
  name: string;
  request: TraceRequestPart;
  response: TraceResponsePart | null;
  timings: TraceTimings;
  error: { kind: string; message: string } | null;
  checks: { name: string; ok: boolean; reason: string | null }[];
  /** `value`: what the variable holds afterwards (the default when one was used), null when it is unset. */
  extracted: { variable: string; ok: boolean; value: unknown; reason: string | null }[];
  /** Redirect hops followed before the response shown. */
  redirects: number;
  /** Inside loops only: the pass of each enclosing loop (from 0), outermost first; each pass is an entry of its own. */
  passes?: number[];
  /**
   * gRPC calls only: the status (the response's `status` is its code too), and the trailers. The request shows as
   * method GRPC, url grpc://target/package.Service/Method, the metadata as headers and the message(s) as JSON body.
   */
  grpc?: { code: number; status: string; details: string; trailers: [string, string][] };
}

/** Request bodies shown up to 64 KB, response bodies up to 1 MB. */
export const REQUEST_BODY_LIMIT = 64 * 1024;
export const RESPONSE_BODY_LIMIT = 1024 * 1024;

export const NO_TIMINGS: TraceTimings = Object.freeze({
  blocked: 0,
  connecting: 0,
  tls: 0,
  sending: 0,
  waiting: 0,
  receiving: 0,
  duration: 0,
});

const BINARY_TYPE =
  /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-tar|x-7z|wasm|protobuf|x-protobuf)/i;

/** The first `limit` bytes as text; binary data (by content type or a NUL byte) is not shown at all. */
export function bodyText(
  data: string | Buffer | null | undefined,
  limit: number,
  contentType?: string | null,
): { text: string; truncated: boolean } {
  if (data === null || data === undefined) return { text: '', truncated: false };
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  if (buf.length === 0) return { text: '', truncated: false };
  if ((contentType && BINARY_TYPE.test(contentType)) || buf.subarray(0, 1024).includes(0))
    return { text: '', truncated: true };
  if (buf.length <= limit) return { text: typeof data === 'string' ? data : buf.toString('utf8'), truncated: false };
  return { text: buf.subarray(0, limit).toString('utf8'), truncated: true };
}

/** Flat [name, value, ...] -> pairs. */
export function headerPairs(flat: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

/** undici's response headers -> pairs, a repeated header (Set-Cookie) once per value. */
export function responseHeaderPairs(headers: ResponseHeaders): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(headers)) {
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else if (v !== undefined) out.push([k, v]);
  }
  return out;
}

/** Phase times in milliseconds (the exchange measures microseconds). */
export function timingsMs(res: ExchangeResult): TraceTimings {
  const ms = (us: number): number => us / 1000;
  return {
    blocked: ms(res.blocked),
    connecting: ms(res.connecting),
    tls: ms(res.tls),
    sending: ms(res.sending),
    waiting: ms(res.waiting),
    receiving: ms(res.receiving),
    duration: ms(res.duration),
  };
}

/** A response header as one string (first value of a repeated one). */
export function firstHeader(headers: ResponseHeaders, name: string): string | null {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}
