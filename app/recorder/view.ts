/**
 * Stored recordings and entries as the contract shows them: a recording with its live proxy and browsers, an entry
 * in full with secret headers flagged and secret values REDACTED unless the user asks to see them.
 */
import { findSecrets, redact, REDACTED, type RecordedBody, type RecordedExchange } from 'loadsmith/convert';
import type { Entry, Recording } from '../contract/index.ts';
import type { StoredEntrySummary, StoredRecording } from '../store/types.ts';
import { toEntrySummary } from './summary.ts';

export function toRecording(
  r: StoredRecording,
  live: { proxyUrl: string; browsers: { pid: number; path: string }[] } | undefined,
): Recording {
  const o = (typeof r.options === 'object' && r.options !== null ? r.options : {}) as Record<string, unknown>;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    source: r.source,
    startedAt: r.startedAt,
    stoppedAt: r.stoppedAt,
    entryCount: r.entryCount,
    proxyUrl: live?.proxyUrl ?? null,
    options: {
      upstreamProxy: typeof o.upstreamProxy === 'string' ? o.upstreamProxy : null,
      insecureHosts: strings(o.insecureHosts),
      allowHosts: strings(o.allowHosts),
      fileName: typeof o.fileName === 'string' ? o.fileName : null,
    },
    browsers: live?.browsers ?? [],
  };
}

export function toEntry(summary: StoredEntrySummary, x: RecordedExchange, chain: number[], reveal: boolean): Entry {
  const secrets = findSecrets(x);
  const values = reveal ? [] : secrets.values;
  const hide = (text: string): string => (reveal ? text : redact(text, values));
  const headers = (list: readonly [string, string][], secretNames: readonly string[]) =>
    list.map(([name, value]) => {
      const secret = secretNames.includes(name.toLowerCase());
      return { name, value: secret && !reveal ? maskHeader(name, value) : hide(value), secret };
    });
  return {
    ...toEntrySummary(summary),
    fullUrl: hide(x.url),
    request: {
      httpVersion: x.httpVersion ?? 'HTTP/1.1',
      headers: headers(x.requestHeaders, secrets.requestHeaders),
      body: body(x.requestBody, hide),
    },
    response: {
      statusText: x.statusText ?? '',
      headers: headers(x.responseHeaders, secrets.responseHeaders),
      body: body(x.responseBody, hide),
    },
    chain,
    secretFields: secrets.fields,
    secretsRevealed: reveal,
    webSocket: webSocket(x, hide),
  };
}

function webSocket(x: RecordedExchange, hide: (t: string) => string): Entry['webSocket'] {
  const ws = x.webSocket;
  if (!ws) return null;
  const c = ws.closed;
  const ended = !c
    ? null
    : (c.error ?? `closed${c.code !== undefined ? ` with ${c.code}` : ''}${c.reason ? ` (${c.reason})` : ''}`);
  return {
    messages: ws.messages.map((m) => ({
      type: m.type,
      atMs: Math.max(0, Math.round((m.time - x.startedAt) * 10) / 10),
      binary: m.opcode === 2,
      data: m.opcode === 2 ? m.data : hide(m.data),
      size: m.size ?? m.data.length,
      truncated: m.truncated ?? false,
    })),
    dropped: ws.dropped ?? 0,
    ended,
  };
}

/** `Bearer REDACTED`, `sid=REDACTED; Path=/`: the shape stays readable, the value does not. */
function maskHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'set-cookie') return value.replace(/^([^=;]*=)[^;]*/, `$1${REDACTED}`);
  if (lower === 'cookie')
    return value
      .split(';')
      .map((p) => p.replace(/^(\s*[^=]*=).*$/, `$1${REDACTED}`))
      .join(';');
  const scheme = /^(\w[\w-]*)\s+\S/.exec(value);
  return scheme && /^(bearer|basic|token|digest)$/i.test(scheme[1]!) ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

function body(b: RecordedBody | undefined, hide: (t: string) => string): Entry['request']['body'] {
  if (!b) return null;
  return {
    text: b.text !== undefined ? hide(b.text) : null,
    base64: b.base64 ?? null,
    size: b.size,
    truncated: b.truncated,
    omitted: b.omitted ?? null,
  };
}

/** The ids of the redirect chain an entry is in, first to last. */
export function chainOf(entryId: number, summaries: readonly StoredEntrySummary[]): number[] {
  const from = new Map(summaries.map((s) => [s.id, s.redirectFrom]));
  const next = new Map<number, number>();
  for (const s of summaries) if (s.redirectFrom !== null && !next.has(s.redirectFrom)) next.set(s.redirectFrom, s.id);
  let first = entryId;
  for (let i = 0; i < 50; i++) {
    const f = from.get(first);
    if (f === null || f === undefined || !from.has(f)) break;
    first = f;
  }
  const chain = [first];
  for (let n = next.get(first); n !== undefined && chain.length < 50 && !chain.includes(n); n = next.get(n))
    chain.push(n);
  return chain;
}
