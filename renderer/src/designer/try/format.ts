/** Pure helpers of the results panel: status words, pretty bodies, entry titles, timing bars, variables. */
import type { ErrorKind } from 'loadsmith/metrics';
import type { Result, TraceEntry } from '../../../../app/contract/index.ts';
import type { Doc, Path } from '../core/doc-path.ts';
import { stepAt } from '../core/doc/index.ts';
import type { Selection } from '../core/selection.ts';

/** A VU's variables as the back end sends them after a Try it (name -> value). */
export type Variables = Result<'designer.tryRequest'>['variables'];

const REASONS: Record<number, string> = {
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "200 OK", "599" for codes without a common reason phrase. */
export function statusText(status: number): string {
  const r = REASONS[status];
  return r ? `${status} ${r}` : String(status);
}

/** Colour class of a status: 2xx good, 3xx neutral, 4xx warning, 5xx bad. */
export function statusTone(status: number): 'good' | 'neutral' | 'warn' | 'bad' {
  return status >= 500 ? 'bad' : status >= 400 ? 'warn' : status >= 300 ? 'neutral' : 'good';
}

/**
 * A response's status as the results show it: "200 OK" and its HTTP tone, or for a gRPC call its code and name
 * ("0 OK", "5 NOT_FOUND"), good only when OK; `short` is what a narrow list shows (200, NOT_FOUND).
 */
export function entryStatus(
  entry: TraceEntry,
): { text: string; short: string; tone: ReturnType<typeof statusTone> } | null {
  if (entry.grpc) {
    const { code, status } = entry.grpc;
    return { text: `${code} ${status}`, short: status, tone: code === 0 ? 'good' : 'bad' };
  }
  const res = entry.response;
  return res ? { text: statusText(res.status), short: String(res.status), tone: statusTone(res.status) } : null;
}

/** Every kind of failure the engine counts (the compiler checks none is missing), and a stopped exchange's. */
const ERROR_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    refused: 'Connection refused',
    reset: 'Connection reset',
    timeout: 'Timed out',
    dns: 'Host not found',
    tls: 'TLS error',
    malformed: 'Malformed response',
    'body-too-large': 'Body too large',
    'too-many-redirects': 'Too many redirects',
    template: 'Could not build the request',
    'invalid-url': 'Invalid URL',
    interrupted: 'Stopped',
    other: 'Request failed',
  } satisfies Record<ErrorKind | 'interrupted', string>),
);

/** What a failed exchange is called, e.g. "Connection refused". */
export function errorTitle(kind: string): string {
  // A gRPC call that ended with a status other than OK: its kind is grpc-<status>, e.g. grpc-not-found.
  if (kind.startsWith('grpc-')) return `gRPC ${kind.slice(5).toUpperCase().replaceAll('-', '_')}`;
  return ERROR_WORDS.get(kind) ?? 'Request failed';
}

/** The body as shown: indented when it is JSON (by content type or by looks), as is otherwise. */
export function prettyBody(body: string, contentType: string | null): { text: string; json: boolean } {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{]/.test(body);
  if (!looksJson || body.trim() === '') return { text: body, json: false };
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), json: true };
  } catch {
    return { text: body, json: false };
  }
}

/** "browse › checkout › Pay" from the scenario, the k6 group path (::a::b) and the request name. */
export function entryTitle(e: Pick<TraceEntry, 'scenario' | 'group' | 'name'>): string {
  return [e.scenario, ...e.group.split('::').filter((g) => g !== ''), e.name].join(' › ');
}

/** The selected step's path when it is a request (a step or a batch item holding `request`), else null. */
export function selectedRequestPath(doc: Doc, selection: Selection): Path | null {
  if (selection.kind !== 'step') return null;
  const step = stepAt(doc, selection.path);
  return step && ('request' in step || 'grpc' in step) ? selection.path : null;
}

/**
 * Variables after a series of entries, applied in order: extracted values set, failed ones unset (the back end
 * sends null for an unset variable; a failed one with a default carries the default).
 */
export function variablesAfter(
  entries: readonly Pick<TraceEntry, 'extracted'>[],
  start: Readonly<Variables> = {},
): Variables {
  const out: Variables = { ...start };
  for (const e of entries) {
    for (const x of e.extracted) {
      if (!x.ok && (x.value === null || x.value === undefined)) delete out[x.variable];
      else out[x.variable] = x.value;
    }
  }
  return out;
}

/** A value on one line, JSON for anything but text, cut at `max` characters. */
export function showValue(v: unknown, max = 200): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export interface TimingBar {
  phase: string;
  ms: number;
  offsetPct: number;
  widthPct: number;
}

/**
 * Phases as a waterfall: blocked first (connecting and TLS happen inside it, at its end), then sending,
 * waiting and receiving one after the other. Percentages of blocked + duration.
 */
export function timingBars(t: TraceEntry['timings']): TimingBar[] {
  const total = t.blocked + t.duration;
  const pct = (ms: number): number => (total > 0 ? (ms / total) * 100 : 0);
  const connectStart = Math.max(0, t.blocked - t.connecting - t.tls);
  const rows: [string, number, number][] = [
    ['Blocked', t.blocked, 0],
    ['Connecting', t.connecting, connectStart],
    ['TLS handshake', t.tls, connectStart + t.connecting],
    ['Sending', t.sending, t.blocked],
    ['Waiting', t.waiting, t.blocked + t.sending],
    ['Receiving', t.receiving, t.blocked + t.sending + t.waiting],
  ];
  return rows.map(([phase, ms, start]) => ({ phase, ms, offsetPct: pct(start), widthPct: pct(ms) }));
}

/** Checks passed and failed of an entry. */
export function checkCounts(e: TraceEntry): { passed: number; failed: number } {
  const passed = e.checks.filter((c) => c.ok).length;
  return { passed, failed: e.checks.length - passed };
}
