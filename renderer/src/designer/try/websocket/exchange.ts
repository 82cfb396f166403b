/**
 * A WebSocket session's trace (Try it, Validate) as the exchange view lists it: the handshake, every message in
 * order with its time and size, and the close; the checks split into the handshake's and each receive's (the engine
 * names a receive's checks "LABEL: check"). Pure: tested beside it.
 */
import type { WebSocketTraceEntry } from '../../../../../app/contract/index.ts';

export type ExchangeRow =
  | { kind: 'open'; atMs: number; status: number; protocol: string }
  | {
      kind: 'sent' | 'received';
      atMs: number;
      /** Bytes on the wire (UTF-8 text; a binary message's decoded bytes); null once the trace cut the message. */
      bytes: number | null;
      data: string;
      binary: boolean;
      truncated: boolean;
      /** A received message a receive read: its label, and whether it was the one awaited (else it was skipped). */
      receive?: string;
      matched?: boolean;
    }
  | { kind: 'ping' | 'pong'; atMs: number; rttMs?: number }
  | { kind: 'more'; count: number }
  | { kind: 'close'; atMs?: number; code: number; reason: string; by: 'client' | 'server' };

const encoder = new TextEncoder();

/** The size of a traced message: its UTF-8 bytes, or a base64 text's decoded bytes. */
export function messageBytes(data: string, binary: boolean): number {
  if (!binary) return encoder.encode(data).length;
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

/** "12 B", "1.5 KB", "more than 4 KB" (a message the trace cut). */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return 'more than 4 KB';
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function exchangeRows(ws: WebSocketTraceEntry): ExchangeRow[] {
  const rows: ExchangeRow[] = [];
  if (ws.status !== 0) rows.push({ kind: 'open', atMs: ws.connectingMs, status: ws.status, protocol: ws.protocol });
  let pingAt: number | undefined;
  for (const m of ws.messages) {
    if (m.direction === 'ping') {
      pingAt = m.atMs;
      rows.push({ kind: 'ping', atMs: m.atMs });
    } else if (m.direction === 'pong') {
      // A pong answers the last ping: the round trip is what ws_ping measures.
      rows.push({ kind: 'pong', atMs: m.atMs, ...(pingAt !== undefined ? { rttMs: m.atMs - pingAt } : {}) });
      pingAt = undefined;
    } else
      rows.push({
        kind: m.direction,
        atMs: m.atMs,
        bytes: m.truncated ? null : messageBytes(m.data, m.binary),
        data: m.data,
        binary: m.binary,
        truncated: m.truncated,
        ...(m.receive !== undefined ? { receive: m.receive, matched: m.matched === true } : {}),
      });
  }
  if (ws.moreMessages > 0) rows.push({ kind: 'more', count: ws.moreMessages });
  if (ws.closed) rows.push({ kind: 'close', ...ws.closed });
  return rows;
}

export interface CheckGroup {
  /** '' for the handshake's checks, else the receive's label ("welcome", "receive 2"). */
  receive: string;
  checks: { name: string; ok: boolean; reason: string | null }[];
}

/** The checks by what they were made on, in the order they ran: the handshake's first, then each receive's. */
export function checkGroups(ws: WebSocketTraceEntry, receives: readonly string[]): CheckGroup[] {
  const groups: CheckGroup[] = [];
  for (const c of ws.checks) {
    const receive = receives.find((r) => c.name.startsWith(`${r}: `)) ?? '';
    const name = receive ? c.name.slice(receive.length + 2) : c.name;
    const last = groups[groups.length - 1];
    if (last?.receive === receive) last.checks.push({ ...c, name });
    else groups.push({ receive, checks: [{ ...c, name }] });
  }
  return groups;
}

/** How a session went, in a few words: "2 sent, 2 received, 3 of 3 checks passed". */
export function sessionSummary(ws: WebSocketTraceEntry): string {
  const count = (d: string): number => ws.messages.filter((m) => m.direction === d).length;
  const passed = ws.checks.filter((c) => c.ok).length;
  const parts = [`${count('sent')} sent`, `${count('received')} received`];
  if (ws.moreMessages > 0) parts.push(`${ws.moreMessages} more not shown`);
  if (ws.checks.length > 0) parts.push(`${passed} of ${ws.checks.length} checks passed`);
  return parts.join(', ');
}
