/**
 * One raw result: a counted request (a redirect hop is a request of its own), the same unit as `http_reqs`.
 * The columns, in this order, are the same in CSV and NDJSON; docs/raw-results.md describes them.
 */
export interface RawRow {
  /** When the request was started (queued for a connection), epoch milliseconds; written as ISO-8601 UTC. */
  timestamp: number;
  scenario: string;
  /** `::outer::inner` inside groups, '' outside any. */
  group: string;
  request: string;
  method: string;
  /** As sent, with credentials redacted (see redact.ts). */
  url: string;
  /** 0 when no response arrived. */
  status: number;
  /** Phase times in whole microseconds (written in milliseconds, to the microsecond). */
  durationUs: number;
  blockedUs: number;
  lookingUpUs: number;
  connectingUs: number;
  tlsHandshakingUs: number;
  sendingUs: number;
  waitingUs: number;
  receivingUs: number;
  bytesSent: number;
  bytesReceived: number;
  /** Transport error kind (refused, timeout, ...) or undefined. */
  errorKind: string | undefined;
  errorMessage: string | undefined;
  vu: number;
  iteration: number;
}

export const COLUMNS = [
  'timestamp',
  'scenario',
  'group',
  'request',
  'method',
  'url',
  'status',
  'duration_ms',
  'blocked_ms',
  'looking_up_ms',
  'connecting_ms',
  'tls_handshaking_ms',
  'sending_ms',
  'waiting_ms',
  'receiving_ms',
  'bytes_sent',
  'bytes_received',
  'error_kind',
  'error_message',
  'vu',
  'iteration',
] as const;

// Number and date formatting are most of a row's cost; these two do with integer formatting and a cache.
const FRACTION = Array.from({ length: 1000 }, (_, i) =>
  i === 0 ? '' : `.${String(i).padStart(3, '0').replace(/0+$/, '')}`,
);

/** Whole microseconds as milliseconds, exactly as `us / 1000` prints: 1234 -> "1.234", 1200 -> "1.2", 5 -> "0.005". */
export function msText(us: number): string {
  const whole = Math.floor(us / 1000);
  return `${whole}${FRACTION[us - whole * 1000] ?? ''}`;
}

let isoSecond = Number.NaN;
let isoPrefix = '';
const MILLIS = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(3, '0')}Z`);

/** Epoch milliseconds as ISO-8601 UTC with milliseconds: "2025-06-01T12:00:00.123Z" (Date.toISOString's format). */
export function isoTime(epochMs: number): string {
  const t = Math.floor(epochMs);
  const second = Math.floor(t / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, -4);
  }
  return `${isoPrefix}${MILLIS[t - second * 1000] ?? '000Z'}`;
}
