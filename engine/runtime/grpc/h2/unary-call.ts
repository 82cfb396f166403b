/**
 * One unary gRPC call on a VU's HTTP/2 connection: the request's headers and its one framed message, the response's
 * headers, its one message (reassembled from the DATA frames) and the status in its trailers. It ends as grpc-js's
 * channel call ends (unary.ts), with the same codes and details: a second message UNIMPLEMENTED, a message that does
 * not decode INTERNAL, the deadline DEADLINE_EXCEEDED (the stream is reset with CANCEL so the server sees it), a
 * reset or a dropped connection by the stream's reset code, a response without grpc-status by its HTTP status.
 */
import type { ClientHttp2Stream, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2';
import { NGHTTP2_CANCEL, NGHTTP2_FLAG_END_STREAM, NGHTTP2_INTERNAL_ERROR, NGHTTP2_NO_ERROR } from './nghttp2.ts';
import { gunzipSync, inflateSync } from 'node:zlib';
import { startTimer, stopTimer, type Timer } from '../../timers.ts';
import type { GrpcMethod } from '../method.ts';
import type { H2Connection } from './connection.ts';
import {
  Code,
  MAX_MESSAGE,
  metadataOf,
  statusOfReset,
  statusOfTrailers,
  type CallStatus,
  type MetadataMap,
} from './wire.ts';

/** How a call ended: its status, the response's headers and trailers, the decoded message (undefined: none). */
export type UnarySettled = (status: CallStatus, headers: MetadataMap, trailers: MetadataMap, response: unknown) => void;

const HEADERS_SKIP = ['grpc-encoding', 'grpc-accept-encoding'];
const TRAILERS_SKIP = ['grpc-status', 'grpc-message'];
const NO_METADATA: MetadataMap = Object.freeze({}) as MetadataMap;

// The stream's listeners are shared functions that find their call on the stream: no closures made per call.
const CALL = Symbol('call');
type CallStream = ClientHttp2Stream & { [CALL]: H2UnaryCall };
function onResponse(this: CallStream, h: IncomingHttpHeaders, flags: number): void {
  this[CALL].onResponse(h, flags);
}
function onData(this: CallStream, chunk: Buffer): void {
  this[CALL].onData(chunk);
}
function onTrailers(this: CallStream, t: IncomingHttpHeaders): void {
  this[CALL].onTrailers(t);
}
function onError(this: CallStream, e: Error & { code?: string }): void {
  this[CALL].onError(e);
}
function onClose(this: CallStream): void {
  this[CALL].onClose();
}

export class H2UnaryCall {
  private readonly method: GrpcMethod;
  private readonly settled: UnarySettled;
  private readonly conn: H2Connection;
  private readonly started = Date.now();
  private stream: ClientHttp2Stream | undefined;
  private timer: Timer | undefined;
  private done = false;
  private serverEnded = false;
  private httpStatus: number | undefined;
  private encoding: string | undefined;
  private headers: MetadataMap = NO_METADATA;
  private pending: Buffer | undefined;
  private received = false;
  private response: unknown;
  private streamError: (Error & { code?: string }) | undefined;

  constructor(
    conn: H2Connection,
    method: GrpcMethod,
    body: Buffer,
    headers: OutgoingHttpHeaders,
    timeoutMs: number,
    settled: UnarySettled,
  ) {
    this.conn = conn;
    this.method = method;
    this.settled = settled;
    const session = conn.session;
    if (session === undefined || session.closed || session.destroyed) {
      const why = conn.lastError === undefined ? 'Error: the connection closed' : String(conn.lastError);
      // Worded as grpc-js's (its resolution note is empty for an address).
      this.finish({
        code: Code.UNAVAILABLE,
        details: `No connection established. Last error: ${why}. Resolution note: `,
      });
      return;
    }
    let stream: ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: false });
    } catch (e) {
      // GOAWAY came, or the session is closing: the next call connects again.
      conn.session = undefined;
      this.finish({ code: Code.UNAVAILABLE, details: (e as Error).message });
      return;
    }
    this.stream = stream;
    (stream as CallStream)[CALL] = this;
    stream.on('response', onResponse);
    stream.on('data', onData);
    stream.on('trailers', onTrailers);
    stream.on('error', onError);
    stream.on('close', onClose);
    stream.end(body);
    this.timer = startTimer(() => this.onDeadline(), timeoutMs);
  }

  cancel(): void {
    this.finish({ code: Code.CANCELLED, details: 'Cancelled on client' });
  }

  onResponse(h: IncomingHttpHeaders, flags: number): void {
    this.httpStatus = Number(h[':status']);
    if ((flags & NGHTTP2_FLAG_END_STREAM) !== 0) {
      this.onTrailers(h); // trailers-only: the status is in the headers, no metadata before it
      return;
    }
    this.headers = metadataOf(h, HEADERS_SKIP);
    const enc = h['grpc-encoding'];
    if (typeof enc === 'string') this.encoding = enc;
  }

  onData(chunk: Buffer): void {
    // A response that is no gRPC response (an HTTP error page) is judged by its HTTP status, its body ignored.
    if (this.done || (this.httpStatus !== undefined && this.httpStatus !== 200)) return;
    let buf = this.pending === undefined ? chunk : Buffer.concat([this.pending, chunk]);
    while (buf.length >= 5) {
      const size = buf.readUInt32BE(1);
      if (size > MAX_MESSAGE) {
        this.finish({
          code: Code.RESOURCE_EXHAUSTED,
          details: `Received message larger than max (${size} vs ${MAX_MESSAGE})`,
        });
        return;
      }
      if (buf.length < 5 + size) break;
      if (this.received) {
        this.finish({ code: Code.UNIMPLEMENTED, details: 'Too many responses received' });
        return;
      }
      this.received = true;
      if (!this.take(buf[0] === 1, buf.subarray(5, 5 + size))) return;
      buf = buf.subarray(5 + size);
    }
    this.pending = buf.length > 0 ? buf : undefined;
  }

  /** Decodes the message; false: the call ended (it does not decode). */
  private take(compressed: boolean, bytes: Buffer): boolean {
    let plain = bytes;
    if (compressed) {
      const enc = this.encoding;
      try {
        if (enc === 'gzip') plain = gunzipSync(bytes);
        else if (enc === 'deflate') plain = inflateSync(bytes);
        else if (enc === undefined || enc === 'identity')
          throw new Error('Received compressed message but "grpc-encoding" header was identity');
        else throw new Error(`Received message compressed with unsupported encoding "${enc}"`);
      } catch (e) {
        this.finish({ code: Code.INTERNAL, details: (e as Error).message });
        return false;
      }
    }
    try {
      this.response = this.method.deserialize(plain);
    } catch (e) {
      this.finish({ code: Code.INTERNAL, details: `Response message parsing error: ${(e as Error).message}` });
      return false;
    }
    return true;
  }

  onTrailers(t: IncomingHttpHeaders): void {
    this.serverEnded = true;
    this.finish(statusOfTrailers(t, this.httpStatus), metadataOf(t, TRAILERS_SKIP));
  }

  onError(e: Error & { code?: string }): void {
    // Errors that come with a reset are judged by its code (onClose); others (the socket's) are kept for it.
    if (e.code !== 'ERR_HTTP2_STREAM_ERROR') this.streamError = e;
  }

  onClose(): void {
    if (this.done) return;
    const stream = this.stream as ClientHttp2Stream;
    const rst = stream.rstCode ?? NGHTTP2_NO_ERROR;
    const e = this.streamError;
    if (rst === NGHTTP2_INTERNAL_ERROR && e !== undefined) {
      this.finish(
        e.code === 'ECONNRESET' || e.code === 'ETIMEDOUT'
          ? { code: Code.UNAVAILABLE, details: e.message }
          : {
              code: Code.INTERNAL,
              details: `Received RST_STREAM with code ${rst} triggered by internal client error: ${e.message}`,
            },
      );
      return;
    }
    const session = stream.session;
    const dropped = session === undefined || session.destroyed || session.closed;
    this.finish(statusOfReset(rst, this.httpStatus, dropped));
  }

  onDeadline(): void {
    this.timer = undefined;
    const socket = this.stream?.session?.socket;
    const peer = socket?.remoteAddress === undefined ? '' : `,remote_addr=${socket.remoteAddress}:${socket.remotePort}`;
    const secs = ((Date.now() - this.started) / 1000).toFixed(3);
    this.finish({ code: 4, details: `Deadline exceeded after ${secs}s${peer}` });
  }

  private finish(status: CallStatus, trailers: MetadataMap = NO_METADATA): void {
    if (this.done) return;
    this.done = true;
    if (this.timer !== undefined) stopTimer(this.timer);
    const stream = this.stream;
    // Ended by us before the server's status: reset it, so the server stops working on the call.
    if (stream !== undefined && !this.serverEnded && !stream.destroyed)
      stream.close(status.code === Code.OK ? NGHTTP2_NO_ERROR : NGHTTP2_CANCEL);
    this.settled(status, this.headers, trailers, this.response);
  }
}
