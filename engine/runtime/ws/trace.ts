/**
 * What Try it and Validate show of a WebSocket session: the handshake, every message in order with its time since
 * the session started, the checks and extractions, how it ended. Built only when a designer trace is attached
 * (`wc.trace`); runs never make one. Messages are cut to a few KB and the first 200 kept, as bodies are.
 */
import type { PathSegment } from '../../plan/path.ts';
import type { ExtractOutcome } from '../extract.ts';

const MESSAGE_LIMIT = 4096;
const MAX_MESSAGES = 200;

export interface WsTraceMessage {
  /** A message sent or received; a ping sent or its pong received (no data). */
  direction: 'sent' | 'received' | 'ping' | 'pong';
  /** Milliseconds since the session started. */
  atMs: number;
  /** The text, or the bytes in base64 for a binary message; cut to 4 KB. */
  data: string;
  binary: boolean;
  truncated: boolean;
  /** A received message a receive read: its label, and whether it was the one awaited (false: read and skipped). */
  receive?: string;
  matched?: boolean;
}

export interface WsTraceEntry {
  scenario: string;
  /** Document path of the websocket step. */
  path: PathSegment[];
  name: string;
  url: string;
  /** The handshake's status (101 when it opened; 0 when no response came). */
  status: number;
  /** The subprotocol the server chose ('' for none). */
  protocol: string;
  connectingMs: number;
  messages: WsTraceMessage[];
  /** Messages left out past the first 200. */
  moreMessages: number;
  checks: { name: string; ok: boolean; reason: string | null }[];
  extracted: { variable: string; ok: boolean; value: unknown; reason: string | null }[];
  /** What went wrong, as counted in a run (ws-timeout, ws-closed, refused, ...); the first one. */
  error: { kind: string; message: string } | null;
  /** How it closed: the code and reason of the close frame, who closed it, and when (ms since the start). */
  closed: { code: number; reason: string; by: 'client' | 'server'; atMs: number } | null;
  /** Inside loops only: the pass of each enclosing loop (from 0), outermost first. */
  passes?: number[];
}

export type WsTraceDraft = Omit<WsTraceEntry, 'scenario'>;

/** Collects one session's trace. */
export class WsTrace {
  readonly entry: WsTraceDraft;
  private readonly start: number;

  constructor(path: PathSegment[], name: string, url: string, start: number) {
    this.start = start;
    this.entry = {
      path,
      name,
      url,
      status: 0,
      protocol: '',
      connectingMs: 0,
      messages: [],
      moreMessages: 0,
      checks: [],
      extracted: [],
      error: null,
      closed: null,
    };
  }

  /** Adds a message (or a ping, a pong) in order; returns its record, undefined past the first 200. */
  message(
    direction: WsTraceMessage['direction'],
    data: string | Buffer,
    binary: boolean,
    at: number,
  ): WsTraceMessage | undefined {
    const e = this.entry;
    if (e.messages.length >= MAX_MESSAGES) {
      e.moreMessages++;
      return undefined;
    }
    const text = typeof data === 'string' ? data : binary ? data.toString('base64') : data.toString('utf8');
    const m: WsTraceMessage = {
      direction,
      atMs: at - this.start,
      data: text.slice(0, MESSAGE_LIMIT),
      binary,
      truncated: text.length > MESSAGE_LIMIT,
    };
    e.messages.push(m);
    return m;
  }

  close(code: number, reason: string, by: 'client' | 'server', at: number): void {
    this.entry.closed = { code, reason, by, atMs: at - this.start };
  }

  check(name: string, reason: string | undefined): void {
    this.entry.checks.push({ name, ok: reason === undefined, reason: reason ?? null });
  }

  extract(variable: string, outcome: ExtractOutcome, value: unknown): void {
    const reason = outcome.ok ? null : value !== undefined ? `${outcome.reason}; the default was used` : outcome.reason;
    this.entry.extracted.push({ variable, ok: outcome.ok, value: value === undefined ? null : value, reason });
  }

  error(kind: string, message: string): void {
    this.entry.error ??= { kind, message };
  }
}
