/** Public types of the browser-mode server (`loadsmith ui`): what it is given and what it hands back. */
import type { Dispatcher } from '../contract/dispatch.ts';

/** Where back-end events come from (the services' event bus); the server subscribes once per WebSocket. */
export interface EventSource {
  /** Registers a listener for every event; returns the function that unregisters it. */
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/** Tuning knobs; the defaults suit real use, tests shrink them. */
export interface ServerLimits {
  /** Largest accepted `POST /api/call` body, in bytes (default 25 MiB). */
  maxBodyBytes: number;
  /** A WebSocket whose unsent backlog exceeds this many bytes is dropped (default 8 MiB). */
  maxBufferedBytes: number;
  /** Interval between keep-alive pings; a client that missed the previous pong is dropped (default 30 s). */
  keepAliveMs: number;
}

/** Options of {@link startUiServer}. The host is always 127.0.0.1: there is deliberately no option for it. */
export interface UiServerOptions {
  dispatcher: Dispatcher;
  events: EventSource;
  /** TCP port; default 0 (the OS picks a free one). */
  port?: number;
  /** The built renderer (index.html + assets). When missing, `/` says to run `npm run build:ui`. */
  staticDir?: string;
  /** Session token; default 32 random bytes, base64url. Must be 16+ characters of `[A-Za-z0-9._~-]`. */
  token?: string;
  limits?: Partial<ServerLimits>;
  /** Told about unexpected failures (an event that cannot be serialised, a dispatcher that threw). */
  onError?: (context: string, error: unknown) => void;
}

/** A running server. `loginUrl` carries the token: print it to the user, never log it elsewhere. */
export interface UiServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `url + '/?token=...'`: opening it sets the session cookie. */
  loginUrl: string;
  port: number;
  token: string;
  /** Closes WebSockets and HTTP connections promptly, then the listener. Idempotent. */
  close(): Promise<void>;
}

/** Defaults for {@link ServerLimits}. */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxBodyBytes: 25 * 1024 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  keepAliveMs: 30_000,
});
