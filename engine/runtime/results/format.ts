/**
 * Raw results as text, one whole line per counted request, ending in '\n':
 *   CSV    RFC 4180 quoting (a field with a comma, a double quote, CR or LF is enclosed in double quotes and its
 *          quotes doubled); a header line names the columns; no error = empty fields.
 *   NDJSON one JSON object per line, keys in column order; no error = null.
 * Both run on a worker's hot path: plain string building, integer-based number formatting (row.ts).
 */
import { COLUMNS, isoTime, msText, type RawRow } from './row.ts';

export type RawFormat = 'csv' | 'ndjson';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvHeader(): string {
  return `${COLUMNS.join(',')}\n`;
}

export function csvLine(r: RawRow): string {
  return (
    `${isoTime(r.timestamp)},${csvField(r.scenario)},${csvField(r.group)},${csvField(r.request)},${csvField(r.method)},${csvField(r.url)},${r.status},` +
    `${msText(r.durationUs)},${msText(r.blockedUs)},${msText(r.lookingUpUs)},${msText(r.connectingUs)},${msText(r.tlsHandshakingUs)},` +
    `${msText(r.sendingUs)},${msText(r.waitingUs)},${msText(r.receivingUs)},${r.bytesSent},${r.bytesReceived},` +
    `${r.errorKind === undefined ? '' : csvField(r.errorKind)},${r.errorMessage === undefined ? '' : csvField(r.errorMessage)},${r.vu},${r.iteration}\n`
  );
}

const str = (s: string | undefined): string => (s === undefined ? 'null' : JSON.stringify(s));

// Scenario, group, request and method repeat on every row: quote each distinct one once.
const quotedNames = new Map<string, string>();
function name(s: string): string {
  let q = quotedNames.get(s);
  if (q === undefined) {
    q = JSON.stringify(s);
    if (quotedNames.size < 10_000) quotedNames.set(s, q);
  }
  return q;
}

export function ndjsonLine(r: RawRow): string {
  return (
    `{"timestamp":"${isoTime(r.timestamp)}","scenario":${name(r.scenario)},"group":${name(r.group)},"request":${name(r.request)},` +
    `"method":${name(r.method)},"url":${str(r.url)},"status":${r.status},"duration_ms":${msText(r.durationUs)},` +
    `"blocked_ms":${msText(r.blockedUs)},"looking_up_ms":${msText(r.lookingUpUs)},"connecting_ms":${msText(r.connectingUs)},` +
    `"tls_handshaking_ms":${msText(r.tlsHandshakingUs)},"sending_ms":${msText(r.sendingUs)},"waiting_ms":${msText(r.waitingUs)},` +
    `"receiving_ms":${msText(r.receivingUs)},"bytes_sent":${r.bytesSent},"bytes_received":${r.bytesReceived},` +
    `"error_kind":${str(r.errorKind)},"error_message":${str(r.errorMessage)},"vu":${r.vu},"iteration":${r.iteration}}\n`
  );
}

/** What a file of this format starts with ('' for NDJSON). */
export function fileHeader(format: RawFormat): string {
  return format === 'csv' ? csvHeader() : '';
}

export function formatLine(format: RawFormat): (r: RawRow) => string {
  return format === 'csv' ? csvLine : ndjsonLine;
}
