/**
 * An incremental HTTP/1.1 response parser for the fast client: status line and headers (one latin1 string per
 * head), bodies by content-length, chunked (extensions and trailers skipped) or until close; 1xx heads skipped;
 * no body after HEAD, 204 and 304. It counts every byte it consumes (head, framing, body). Input may be cut
 * anywhere; buffers it is given are not kept (a head cut in two is copied). Errors throw HttpParseError.
 */
import type { ResponseHeaders } from '../types.ts';
import { parseHead, type Head } from './head.ts';

export class HttpParseError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = 'HTTPParserError';
  }
}

export interface ParserSink {
  /** The final (non-1xx) response head. */
  onHead(status: number, headers: ResponseHeaders, statusText: string): void;
  onBody(buf: Buffer, start: number, end: number): void;
  /** The response is complete; keepAlive says whether the connection may carry another request. */
  onComplete(keepAlive: boolean): void;
}

const HEAD = 0,
  LENGTH = 1,
  CHUNK_SIZE = 2,
  CHUNK_EXT = 3,
  CHUNK_SIZE_LF = 4,
  CHUNK_DATA = 5,
  CHUNK_CR = 6,
  CHUNK_LF = 7,
  TRAILER_START = 8,
  TRAILER_LINE = 9,
  TRAILER_END_LF = 10,
  UNTIL_CLOSE = 11,
  DONE = 12;
const CRLF2 = Buffer.from('\r\n\r\n');
const MAX_HEAD = 64 * 1024;
/** Heads up to this size are remembered for the next response on the connection. */
const MAX_CACHED_HEAD = 2048;
const MAX_HEAD_MISSES = 4;

export class ResponseParser {
  /** Bytes consumed for the current response (1xx heads included). */
  bytes = 0;
  private state = DONE;
  private sink: ParserSink | undefined;
  private noBody = false;
  private remaining = 0;
  private keepAlive = false;
  /** The last response's Keep-Alive: timeout, in ms, or -1. */
  keepAliveTimeoutMs = -1;
  private pending: Buffer | undefined;
  private digits = 0;
  /** The last head parsed on this connection and its bytes: a server answering the same head again (the usual
   * case: only Date changes, once a second) is not parsed again. Its headers object is frozen, as it is shared. */
  private lastHead: Head | undefined;
  private lastHeadBytes: Buffer | undefined;
  /** Heads in a row that differed from the last one: at MAX_HEAD_MISSES (a server sending a request id, a
   * fresh cookie...) the connection stops remembering heads, which would cost a copy and a freeze for nothing. */
  private headMisses = 0;

  /** Starts a response; `headRequest`: the request was a HEAD (no body whatever the headers say). */
  begin(sink: ParserSink, headRequest: boolean): void {
    this.sink = sink;
    this.noBody = headRequest;
    this.state = HEAD;
    this.bytes = 0;
    this.pending = undefined;
  }

  get idle(): boolean {
    return this.state === DONE;
  }
  /** After a complete response: may the connection carry another request? */
  get keepAliveAfter(): boolean {
    return this.keepAlive;
  }
  /** Anything of the response received yet (a stale kept-alive socket closes before the first byte). */
  get started(): boolean {
    return this.bytes > 0 || this.pending !== undefined;
  }
  /** Reading a body whose end is the connection's close (no length, not chunked). */
  get untilClose(): boolean {
    return this.state === UNTIL_CLOSE;
  }

  /** Consumes buf[start, end); returns where it stopped (end, or the byte after a complete response). */
  execute(buf: Buffer, start: number, end: number): number {
    let i = start;
    while (i < end) {
      switch (this.state) {
        case HEAD:
          i = this.head(buf, i, end);
          break;
        case LENGTH: {
          const n = Math.min(this.remaining, end - i);
          this.sink!.onBody(buf, i, i + n);
          i += n;
          this.bytes += n;
          if ((this.remaining -= n) === 0) this.complete();
          break;
        }
        case UNTIL_CLOSE:
          this.sink!.onBody(buf, i, end);
          this.bytes += end - i;
          i = end;
          break;
        case CHUNK_DATA: {
          const n = Math.min(this.remaining, end - i);
          this.sink!.onBody(buf, i, i + n);
          i += n;
          this.bytes += n;
          if ((this.remaining -= n) === 0) this.state = CHUNK_CR;
          break;
        }
        case DONE:
          return i;
        default:
          this.framing(buf[i]!);
          i++;
          this.bytes++;
      }
      if (this.state === DONE) return i;
    }
    return i;
  }

  /** The peer closed the connection: completes a body read until close; anything else unfinished is an error. */
  eof(): void {
    if (this.state === UNTIL_CLOSE) {
      this.state = DONE;
      this.sink!.onComplete(false);
      return;
    }
    if (this.state !== DONE) throw new HttpParseError('UND_ERR_SOCKET', 'other side closed');
  }

  private head(buf: Buffer, i: number, end: number): number {
    let src = buf;
    let from = i;
    let to = end;
    if (this.pending !== undefined) {
      src = Buffer.concat([this.pending, buf.subarray(i, end)]);
      from = 0;
      to = src.length;
    }
    const at = src.indexOf(CRLF2, from);
    if (at < 0 || at + 4 > to) {
      if (to - from > MAX_HEAD) throw new HttpParseError('HPE_HEADER_OVERFLOW', 'response head larger than 64 KB');
      // Bytes that cannot begin a status line are not HTTP (noise, a TLS alert): say so now, not at the close.
      if (!httpPrefix(src, from, to)) throw notHttp(src, from, to);
      this.pending = Buffer.from(src.subarray(from, to)); // copy: the caller may reuse its buffer
      return end;
    }
    if (at - from > MAX_HEAD) throw new HttpParseError('HPE_HEADER_OVERFLOW', 'response head larger than 64 KB');
    const used = at + 4 - from - (this.pending?.length ?? 0); // bytes of buf consumed
    this.pending = undefined;
    this.bytes += at + 4 - from;
    const h = this.parsed(src, from, at);
    if (h.status < 200) {
      if (h.status === 101) throw new HttpParseError('HPE_UNEXPECTED_UPGRADE', 'unexpected 101 Switching Protocols');
      return i + used; // informational: the real head follows
    }
    this.keepAlive = h.keepAlive;
    this.keepAliveTimeoutMs = h.keepAliveTimeoutMs;
    this.sink!.onHead(h.status, h.headers, h.statusText);
    if (this.noBody || h.status === 204 || h.status === 304) {
      // A 204/304 announcing a body (a broken server): its bytes may follow, so the connection is not reused (as undici).
      if (!this.noBody && (h.length > 0 || h.chunked)) this.keepAlive = false;
      this.complete();
    } else if (h.chunked) {
      this.state = CHUNK_SIZE;
      this.remaining = 0;
      this.digits = 0;
    } else if (h.length >= 0) {
      this.remaining = h.length;
      this.state = LENGTH;
      if (h.length === 0) this.complete();
    } else {
      this.keepAlive = false;
      this.state = UNTIL_CLOSE;
    }
    return i + used;
  }

  /** The head in src[from, to): the last one again when the bytes are the same. */
  private parsed(src: Buffer, from: number, to: number): Head {
    const last = this.lastHeadBytes;
    if (last !== undefined) {
      if (last.length === to - from && src.compare(last, 0, last.length, from, to) === 0) {
        this.headMisses = 0;
        return this.lastHead!;
      }
      if (++this.headMisses >= MAX_HEAD_MISSES) this.lastHead = this.lastHeadBytes = undefined;
    }
    const h = parseHead(src.toString('latin1', from, to));
    if (this.headMisses < MAX_HEAD_MISSES && to - from <= MAX_CACHED_HEAD && h.status >= 200) {
      for (const v of Object.values(h.headers)) if (typeof v !== 'string') Object.freeze(v);
      Object.freeze(h.headers);
      this.lastHead = h;
      this.lastHeadBytes = Buffer.from(src.subarray(from, to));
    }
    return h;
  }

  /** One byte of chunked framing (size lines, CRLFs after data, trailers). */
  private framing(c: number): void {
    switch (this.state) {
      case CHUNK_SIZE: {
        const d = hex(c);
        if (d >= 0) {
          if (++this.digits > 12) throw new HttpParseError('HPE_INVALID_CHUNK_SIZE', 'chunk size too large');
          this.remaining = this.remaining * 16 + d;
        } else if (this.digits > 0 && c === 0x0d) this.state = CHUNK_SIZE_LF;
        else if (this.digits > 0 && (c === 0x3b || c === 0x20 || c === 0x09)) this.state = CHUNK_EXT;
        else throw new HttpParseError('HPE_INVALID_CHUNK_SIZE', 'invalid chunk size');
        return;
      }
      case CHUNK_EXT:
        if (c === 0x0d) this.state = CHUNK_SIZE_LF;
        return;
      case CHUNK_SIZE_LF:
        if (c !== 0x0a) throw new HttpParseError('HPE_STRICT', 'expected LF after the chunk size');
        this.digits = 0;
        this.state = this.remaining === 0 ? TRAILER_START : CHUNK_DATA;
        return;
      case CHUNK_CR:
        if (c !== 0x0d) throw new HttpParseError('HPE_STRICT', 'expected CRLF after chunk data');
        this.state = CHUNK_LF;
        return;
      case CHUNK_LF:
        if (c !== 0x0a) throw new HttpParseError('HPE_STRICT', 'expected CRLF after chunk data');
        this.state = CHUNK_SIZE;
        return;
      case TRAILER_START:
        this.state = c === 0x0d ? TRAILER_END_LF : TRAILER_LINE;
        return;
      case TRAILER_LINE:
        if (c === 0x0a) this.state = TRAILER_START;
        return;
      case TRAILER_END_LF:
        if (c !== 0x0a) throw new HttpParseError('HPE_STRICT', 'expected LF ending the trailers');
        this.complete();
    }
  }

  private complete(): void {
    this.state = DONE;
    const sink = this.sink!;
    this.sink = undefined;
    sink.onComplete(this.keepAlive);
  }
}

const HTTP_1 = Buffer.from('HTTP/1.', 'latin1');

/** Whether src[from, to) can be the start of "HTTP/1.x ...". */
function httpPrefix(src: Buffer, from: number, to: number): boolean {
  const n = Math.min(to - from, HTTP_1.length);
  for (let k = 0; k < n; k++) if (src[from + k] !== HTTP_1[k]) return false;
  return true;
}

function notHttp(src: Buffer, from: number, to: number): HttpParseError {
  const start = src.subarray(from, Math.min(to, from + 16));
  // A TLS record (handshake or alert, version 3.x): an https server answered a plain-http request.
  const tls = (start[0] === 0x15 || start[0] === 0x16) && (start.length < 2 || start[1] === 0x03);
  const shown = /^[\x20-\x7e]*$/.test(start.toString('latin1'))
    ? JSON.stringify(start.toString('latin1'))
    : `bytes ${start.toString('hex').replace(/(..)(?=.)/g, '$1 ')}`;
  return new HttpParseError(
    'HPE_INVALID_CONSTANT',
    `not an HTTP/1.x response: it starts with ${shown}${tls ? ' (a TLS record: the server speaks https)' : ''}`,
  );
}

function hex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}
