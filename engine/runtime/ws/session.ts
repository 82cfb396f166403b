/**
 * An open WebSocket as the actions see it: messages kept in arrival order until a receive takes them, one waiter at
 * a time (the actions run in order), pongs, and how it closed. Every wait also ends when the socket closes or the
 * session's deadline passes, so no action waits longer than the session may last.
 */
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import type { WsTrace, WsTraceMessage } from './trace.ts';
import { startTimer, stopTimer } from '../timers.ts';

/** How long closing waits for the server's close frame before dropping the socket. */
export const CLOSE_WAIT_MS = 5_000;

/**
 * Messages kept for receives at most: a server that streams faster than the plan receives (a ticker during a long
 * pause) must not grow a VU's memory without bound. Past it the oldest are dropped (they still count as received).
 */
export const MAX_INBOX = 10_000;

export interface Message {
  data: Buffer;
  binary: boolean;
  atMs: number;
  /** Its record in the trace (Try it, Validate), where the receive that reads it is noted; else undefined. */
  traced: WsTraceMessage | undefined;
}

/** Why a wait ended without what it waited for. */
export type WaitEnd = 'timeout' | 'closed';

export class Session {
  readonly ws: WebSocket;
  /** Only for Try it and Validate. */
  readonly trace: WsTrace | undefined;
  received = 0;
  sent = 0;
  /** Set when the socket closed: the code and reason the close frame carried (1006: none, the socket dropped). */
  closed: { code: number; reason: string; byUs: boolean } | undefined;
  /** Set when the session's deadline passed. */
  expired = false;
  /** The first error, failed check or failed extraction, in words (for onFailure). */
  failure: string | undefined;
  private readonly inbox: Message[] = [];
  private wake: (() => void) | undefined;
  private closing = false;

  constructor(ws: WebSocket, trace?: WsTrace) {
    this.ws = ws;
    this.trace = trace;
    ws.on('message', (data, binary) => {
      this.received++;
      const buffer = toBuffer(data);
      const atMs = performance.now();
      const traced = trace ? trace.message('received', buffer, binary, atMs) : undefined;
      if (this.inbox.length >= MAX_INBOX) this.inbox.shift();
      this.inbox.push({ data: buffer, binary, atMs, traced });
      this.poke();
    });
    ws.on('pong', () => {
      if (trace) trace.message('pong', '', false, performance.now());
      this.poke();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8'), byUs: this.closing };
      if (trace) trace.close(code, this.closed.reason, this.closing ? 'client' : 'server', performance.now());
      this.poke();
    });
    // Errors after the handshake (a reset, a bad frame) end in a close, which the actions see.
    ws.on('error', () => undefined);
  }

  /** The next message, or why there is none before `timeoutMs`. */
  async next(timeoutMs: number): Promise<Message | WaitEnd> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const m = this.inbox.shift();
      if (m !== undefined) return m;
      if (this.closed !== undefined || this.expired) return 'closed';
      const left = deadline - performance.now();
      if (left <= 0) return 'timeout';
      await this.waitFor(left);
    }
  }

  /** Sends a ping and waits for a pong; returns the round trip in ms, or why it did not come. */
  async ping(timeoutMs: number): Promise<number | WaitEnd> {
    if (this.closed !== undefined || this.expired) return 'closed';
    const start = performance.now();
    let pong = false;
    const onPong = (): void => {
      pong = true;
    };
    this.ws.once('pong', onPong);
    this.ws.ping();
    this.trace?.message('ping', '', false, start);
    try {
      for (;;) {
        if (pong) return performance.now() - start;
        if (this.closed !== undefined || this.expired) return 'closed';
        const left = start + timeoutMs - performance.now();
        if (left <= 0) return 'timeout';
        await this.waitFor(left);
      }
    } finally {
      this.ws.off('pong', onPong);
    }
  }

  /** Waits `ms` on the open session (messages arriving meanwhile are kept); ends early when it closes. */
  async idle(ms: number): Promise<void> {
    const deadline = performance.now() + ms;
    for (;;) {
      if (this.closed !== undefined || this.expired) return;
      const left = deadline - performance.now();
      if (left <= 0) return;
      await this.waitFor(left);
    }
  }

  /** Sends a message (counted) unless the socket is no longer open. */
  send(data: string | Buffer, binary: boolean): boolean {
    if (this.closed !== undefined || this.expired || this.ws.readyState !== this.ws.OPEN) return false;
    this.ws.send(data, { binary });
    this.sent++;
    this.trace?.message('sent', data, binary, performance.now());
    return true;
  }

  /** Closes with a code, waits for the server's close frame up to `timeoutMs`, then drops the socket. */
  async close(code: number, reason: string, timeoutMs: number): Promise<void> {
    this.closing = true;
    if (this.closed === undefined && this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
    const deadline = performance.now() + timeoutMs;
    while (this.closed === undefined) {
      const left = deadline - performance.now();
      if (left <= 0) break;
      await this.waitFor(left);
    }
    if (this.closed === undefined) this.terminate();
  }

  /** Drops the socket at once (session deadline, hard stop). */
  terminate(): void {
    this.closing = true;
    this.ws.terminate();
    this.poke();
  }

  /** The deadline passed: every wait ends now. */
  expire(): void {
    this.expired = true;
    this.poke();
  }

  private poke(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private waitFor(ms: number): Promise<void> {
    return new Promise((resolve) => {
      // Infinity (a timeout of 0: none) waits for a message, a close or the session's deadline only.
      const timer = Number.isFinite(ms)
        ? startTimer(() => {
            this.wake = undefined;
            resolve();
          }, Math.ceil(ms))
        : undefined;
      this.wake = () => {
        stopTimer(timer);
        resolve();
      };
    });
  }
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
