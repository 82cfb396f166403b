/**
 * What goes on the wire for a unary gRPC call over HTTP/2, and what comes back turned into what a step sees, with
 * grpc-js's codes and messages so that a step reads the same whichever client made the call (PROTOCOL-HTTP2.md in
 * grpc/grpc, and "HTTP to gRPC Status Code Mapping" in its http-grpc-status-mapping.md).
 */
import type { IncomingHttpHeaders } from 'node:http2';
import {
  NGHTTP2_CANCEL,
  NGHTTP2_ENHANCE_YOUR_CALM,
  NGHTTP2_INADEQUATE_SECURITY,
  NGHTTP2_INTERNAL_ERROR,
  NGHTTP2_NO_ERROR,
  NGHTTP2_REFUSED_STREAM,
} from './nghttp2.ts';

/** Response metadata as grpc-js's `Metadata.getMap()` gives it: first value per key, `-bin` values decoded. */
export type MetadataMap = Record<string, string | Buffer>;

export interface CallStatus {
  code: number;
  details: string;
}

const OK = 0;
const CANCELLED = 1;
const UNKNOWN = 2;
const PERMISSION_DENIED = 7;
const RESOURCE_EXHAUSTED = 8;
const UNIMPLEMENTED = 12;
const INTERNAL = 13;
const UNAVAILABLE = 14;
const UNAUTHENTICATED = 16;
export const Code = { OK, CANCELLED, UNKNOWN, RESOURCE_EXHAUSTED, UNIMPLEMENTED, INTERNAL, UNAVAILABLE } as const;

/** What grpc-js accepts in one message (its default `grpc.max_receive_message_length`). */
export const MAX_MESSAGE = 4 * 1024 * 1024;

/** A gRPC status from an HTTP status, for a response without grpc-status (a proxy's, a plain HTTP/2 server's). */
export function statusOfHttp(httpStatus: number): CallStatus {
  const details = `Received HTTP status code ${httpStatus}`;
  switch (httpStatus) {
    case 400:
      return { code: INTERNAL, details };
    case 401:
      return { code: UNAUTHENTICATED, details };
    case 403:
      return { code: PERMISSION_DENIED, details };
    case 404:
      return { code: UNIMPLEMENTED, details };
    case 429:
    case 502:
    case 503:
    case 504:
      return { code: UNAVAILABLE, details };
    default:
      return { code: UNKNOWN, details };
  }
}

/** A stream reset by the server (or by Node, for a connection that dropped) before a status arrived. */
export function statusOfReset(rstCode: number, httpStatus: number | undefined, dropped: boolean): CallStatus {
  switch (rstCode) {
    case NGHTTP2_NO_ERROR:
      return httpStatus !== undefined && httpStatus !== 200
        ? statusOfHttp(httpStatus)
        : { code: INTERNAL, details: `Received RST_STREAM with code ${rstCode} (Call ended without gRPC status)` };
    case NGHTTP2_REFUSED_STREAM:
      return { code: UNAVAILABLE, details: 'Stream refused by server' };
    case NGHTTP2_CANCEL:
      return dropped
        ? { code: UNAVAILABLE, details: 'Connection dropped' }
        : { code: CANCELLED, details: 'Call cancelled' };
    case NGHTTP2_ENHANCE_YOUR_CALM:
      return { code: RESOURCE_EXHAUSTED, details: 'Bandwidth exhausted or memory limit exceeded' };
    case NGHTTP2_INADEQUATE_SECURITY:
      return { code: PERMISSION_DENIED, details: 'Protocol not secure enough' };
    case NGHTTP2_INTERNAL_ERROR:
      return { code: INTERNAL, details: `Received RST_STREAM with code ${rstCode} (Internal server error)` };
    default:
      return { code: INTERNAL, details: `Received RST_STREAM with code ${rstCode}` };
  }
}

const PRINTABLE = /^[ -~]*$/;

/**
 * HTTP/2 headers as metadata, as grpc-js's `Metadata.fromHttp2Headers(...).getMap()`: pseudo-headers and `skip`
 * left out, the first value of each key, `-bin` values base64-decoded, values with characters metadata cannot hold
 * dropped.
 */
export function metadataOf(headers: IncomingHttpHeaders, skip: readonly string[]): MetadataMap {
  const out: MetadataMap = {};
  for (const key in headers) {
    if (key.charCodeAt(0) === 58 || skip.includes(key)) continue; // ':'
    const values = headers[key];
    if (values === undefined) continue;
    let first = Array.isArray(values) ? values[0] : values;
    if (first === undefined) continue;
    if (key.endsWith('-bin')) {
      // A custom binary key's values arrive joined by commas when repeated (grpc-js splits them).
      if (!Array.isArray(values) && !key.startsWith('grpc-')) first = first.split(',')[0] ?? '';
      out[key] = Buffer.from(first.trim(), 'base64');
    } else if (PRINTABLE.test(first)) out[key] = first;
  }
  return out;
}

/** The status in trailers (or a trailers-only response's headers); none there: the HTTP status decides. */
export function statusOfTrailers(trailers: IncomingHttpHeaders, httpStatus: number | undefined): CallStatus {
  const raw = trailers['grpc-status'];
  if (typeof raw === 'string') {
    const message = trailers['grpc-message'];
    let details = '';
    if (typeof message === 'string') {
      try {
        details = decodeURI(message);
      } catch {
        details = message;
      }
    }
    return { code: Number(raw), details };
  }
  if (httpStatus !== undefined) return statusOfHttp(httpStatus);
  return { code: UNKNOWN, details: 'No status information received' };
}

/** The grpc-timeout header for a deadline `ms` from now, as grpc-js writes it ("1000m"; "S", "M", "H" when longer). */
export function timeoutHeader(ms: number): string {
  const t = Math.max(ms, 0);
  if (t < 1e8) return `${Math.ceil(t)}m`;
  if (t / 1000 < 1e8) return `${Math.ceil(t / 1000)}S`;
  if (t / 60_000 < 1e8) return `${Math.ceil(t / 60_000)}M`;
  return `${Math.ceil(t / 3_600_000)}H`;
}

/** The message as one length-prefixed gRPC frame (uncompressed). */
export function framed(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  message.copy(out, 5);
  return out;
}
