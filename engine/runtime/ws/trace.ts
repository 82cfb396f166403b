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
  direction: 'sent' | 'received';
  /** Milliseconds since the session started. */
  atMs: number;
  /** The text, or the bytes in base64 for a binary message; cut to 4 KB. */
  data: string;
  binary: boolean;
  truncated: boolean;
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
  /** How it closed: the code and reason of the close frame, and who closed it. */
  closed: { code: number; reason: string; by: 'client' | 'server' } | null;
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

  message(direction: 'sent' | 'received', data: string | Buffer, binary: boolean, at: number): void {
    const e = this.entry;
    if (e.messages.length >= MAX_MESSAGES) {
      e.moreMessages++;
      return;
    }
    const text = typeof data === 'string' ? data : binary ? data.toString('base64') : data.toString('utf8');
    e.messages.push({
      direction,
      atMs: at - this.start,
      data: text.slice(0, MESSAGE_LIMIT),
      binary,
      truncated: text.length > MESSAGE_LIMIT,
    });
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
