/**
 * A recorded exchange as the conversion sees it: what the client sent and what came back, with bodies (possibly
 * truncated), timing, and the redirect that led to it. The recorder stores these; HAR files import into them.
 * Pure data: nothing here touches the network.
 */

/** A request or response body. `text` for text-like content, `base64` for binary; neither when not kept. */
export interface RecordedBody {
  text?: string;
  base64?: string;
  /** Bytes on the wire after decoding (the whole body, even when only part of it is kept). */
  size: number;
  /** Only the first bytes were kept (the stored body has a size cap). */
  truncated: boolean;
  /** Why the body was not kept (binary content, too large for the proxy), when it was not. */
  omitted?: string;
}

export interface RecordedExchange {
  /** The entry's id in its recording: 1, 2, 3... in the order the requests started. */
  id: number;
  /** When the request started, milliseconds since the epoch. */
  startedAt: number;
  /** Until the response ended (0 when unknown). */
  durationMs: number;
  method: string;
  /** Absolute URL as sent (scheme, host, port, path, query). */
  url: string;
  httpVersion?: string;
  requestHeaders: [string, string][];
  requestBody?: RecordedBody;
  /** 0 when no response came (connection error, aborted). */
  status: number;
  statusText?: string;
  responseHeaders: [string, string][];
  responseBody?: RecordedBody;
  /** The entry whose redirect (Location) led to this one. */
  redirectFrom?: number;
  /** Why there is no response (e.g. `ECONNREFUSED`, `aborted`, a browser's `net::ERR_ABORTED`). */
  error?: string;
  /** File fields of a multipart request body, left out of `requestBody` (a plan sends no files inside a form). */
  fileFields?: { name: string; fileName?: string }[];
  /** A WebSocket session (the exchange is its handshake, `url` is ws:// or wss://): its messages in order. */
  webSocket?: RecordedWebSocket;
}

/** One WebSocket message: who sent it, when, and what (as HAR's `_webSocketMessages` has it, plus size). */
export interface RecordedWebSocketMessage {
  /** `send`: the client sent it; `receive`: the server did. */
  type: 'send' | 'receive';
  /** Milliseconds since the epoch. */
  time: number;
  /** 1 text, 2 binary. */
  opcode: number;
  /** The text, or the bytes in base64 (binary). */
  data: string;
  /** Bytes of the whole message (even when only part of it is kept). */
  size?: number;
  /** Only the first bytes were kept (a recording keeps at most so much of a message). */
  truncated?: boolean;
}

export interface RecordedWebSocket {
  messages: RecordedWebSocketMessage[];
  /** Messages after the recording's cap per session: counted, not kept. */
  dropped?: number;
  /** How it ended: the close code and reason, or why it was cut (an unclean close). */
  closed?: { code?: number; reason?: string; error?: string };
}

/** First value of a header (case-insensitive name). */
export function headerValue(headers: readonly [string, string][], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([k]) => k.toLowerCase() === lower)?.[1];
}

/** The media type without parameters, lower case: `text/html; charset=utf-8` -> `text/html`. */
export function mimeOf(headers: readonly [string, string][]): string {
  return (headerValue(headers, 'content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The body's text (decoding base64 as UTF-8 when the type is textual); '' when none was kept. */
export function bodyText(body: RecordedBody | undefined): string {
  if (!body) return '';
  if (body.text !== undefined) return body.text;
  return body.base64 !== undefined ? Buffer.from(body.base64, 'base64').toString('utf8') : '';
}
