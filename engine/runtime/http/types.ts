/**
 * What the HTTP layer's two clients take and give (the undici path in exchange.ts, the fast HTTP/1.1 client in
 * fast/), and what the rest of the runtime reads of an exchange. Types (and the list they derive from), importing
 * nothing: every file of the layer can use them without tying itself to another (engine/import-graph.test.ts keeps the
 * layer free of cycles).
 */

/** Response headers as undici presents them: names lower-cased, a repeated header as an array. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/**
 * Transport failures by kind. They are measurements (counted per kind with a sample message), never reasons to stop
 * a run. `template` and `invalid-url`: the request could not be built for this VU (e.g. a variable an extraction
 * left unset). `too-many-redirects`: a redirect chain was still going when maxRedirects stopped it (the last hop's
 * status is kept).
 */
export const ERROR_KINDS = [
  'refused',
  'reset',
  'timeout',
  'dns',
  'tls',
  'malformed',
  'body-too-large',
  'too-many-redirects',
  'template',
  'invalid-url',
  'other',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** One request as a client sends it. */
export interface ExchangeSpec {
  origin: string;
  path: string;
  method: string;
  /** Flat [name, value, name, value, ...] */
  headers: string[];
  /**
   * `headers` is this request's alone (a redirect hop's, a step's rendered afresh: vu/render.ts): nothing is kept
   * by it. Absent: the same array may come again for the same step, and the client keeps its request head.
   */
  headersOnce?: boolean;
  /**
   * The VU's Cookie header for this request, sent after `headers` (absent: none). Apart from the step's headers, so
   * that a step's request head stays one per worker whatever each VU's cookies are (fast/client.ts).
   */
  cookie?: string | undefined;
  body: Buffer | string | null;
  timeoutMs: number;
  keepAlive: boolean;
  keepBody: boolean;
  maxBodySize: number;
}

/** What one exchange measured and received, the same from both clients (exchange-state.ts builds it for both). */
export interface ExchangeResult {
  /** 0 when no response arrived. */
  status: number;
  headers: ResponseHeaders;
  body: Buffer | undefined;
  bodyTruncated: boolean;
  /** Bytes on the wire (data_received, data_sent): the HTTP/1.1 message as written and read; over TLS and HTTP/2
   * the connection's bytes (records, handshakes, frames), shared out as wire.ts says. */
  bytesReceived: number;
  bytesSent: number;
  /** Phase times in microseconds. */
  blocked: number;
  lookup: number;
  connecting: number;
  tls: number;
  sending: number;
  waiting: number;
  receiving: number;
  duration: number;
  error: { kind: ErrorKind; message: string } | undefined;
  /** Cut short by a hard stop: not a measurement. */
  interrupted: boolean;
  /** Bytes of the request head as written (0 when it never reached a socket). */
  headBytes: number;
  /** Sent over HTTP/2. */
  h2: boolean;
}

/** What a VU tracks while a request is in flight, so a hard stop can end it. */
export interface Interruptible {
  interrupt(): void;
}
