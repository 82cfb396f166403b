/**
 * The browser-mode event channel: one WebSocket to `/api/events`, reopened with backoff whenever it drops.
 * Listeners survive reconnects; the connection state tells the UI when events may have been missed.
 */
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import { parseEventMessage } from './event-message.ts';
import type { Connection, ConnectionState } from './types.ts';

/** What a socket reports; a failed connect reports only `onClose`. */
export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: unknown): void;
  onClose(): void;
}

/** An open socket, as far as this module needs one (so tests can pass a fake). */
export interface SocketLike {
  close(): void;
}

export interface EventSocketDeps {
  /** Opens a socket to `url` reporting to `handlers`; may throw (e.g. a malformed URL). */
  open(url: string, handlers: SocketHandlers): SocketLike;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  random?: () => number;
  backoff?: BackoffOptions;
}

export type EventListener = (event: string, payload: unknown) => void;

export class EventSocket implements Connection {
  private state: ConnectionState = 'connecting';
  private socket: SocketLike | undefined;
  private timer: unknown;
  private attempt = 0;
  private closed = false;
  private readonly listeners = new Set<EventListener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly url: string;
  private readonly deps: EventSocketDeps;

  constructor(url: string, deps: EventSocketDeps) {
    this.url = url;
    this.deps = deps;
    this.connect();
  }

  get(): ConnectionState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Every event from the back end, across reconnects. */
  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops for good (page teardown, tests). */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  private connect(): void {
    this.timer = undefined;
    if (this.closed) return;
    let socket: SocketLike | undefined;
    try {
      socket = this.deps.open(this.url, {
        onOpen: () => {
          if (this.socket !== socket) return;
          this.attempt = 0;
          this.setState('open');
        },
        onMessage: (data) => {
          if (this.socket !== socket) return;
          const message = parseEventMessage(data);
          if (!message) return;
          for (const l of [...this.listeners]) l(message.event, message.payload);
        },
        onClose: () => {
          // Late reports of a socket already replaced or closed are ignored.
          if (this.socket !== socket) return;
          this.socket = undefined;
          this.retry();
        },
      });
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
  }

  private retry(): void {
    if (this.closed) return;
    // Before the first success we are still "connecting"; after one, a drop means events may be lost.
    if (this.state === 'open') this.setState('reconnecting');
    const delay = backoffDelay(this.attempt++, this.deps.random, this.deps.backoff ?? DEFAULT_BACKOFF);
    this.timer = this.deps.setTimer(() => this.connect(), delay);
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    for (const l of [...this.stateListeners]) l();
  }
}
