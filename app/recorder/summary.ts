/**
 * What the entry list shows of an exchange: method, URL (secret query values masked), host, status, type, size,
 * time, redirect link, and whether it carries secrets (then the store encrypts it).
 */
import {
  ENTRY_TYPES,
  entryType,
  findSecrets,
  hostOf,
  isStaticType,
  mimeOf,
  type RecordedExchange,
} from 'loadsmith/convert';
import type { EntrySummary } from '../contract/index.ts';
import type { StoredEntrySummary } from '../store/types.ts';

export const MASK = '••••';

export function summarize(x: RecordedExchange): StoredEntrySummary {
  const secrets = findSecrets(x);
  return {
    id: x.id,
    startedAt: new Date(x.startedAt).toISOString(),
    durationMs: x.durationMs,
    method: x.method,
    url: maskQuery(x.url, secrets.query),
    host: hostOf(x.url),
    status: x.status,
    mimeType: mimeOf(x.responseHeaders),
    type: entryType(x),
    size: x.webSocket
      ? x.webSocket.messages.reduce((n, m) => n + (m.size ?? m.data.length), 0)
      : (x.responseBody?.size ?? 0),
    redirectFrom: x.redirectFrom ?? null,
    error: x.error ?? null,
    secret:
      secrets.requestHeaders.length + secrets.responseHeaders.length + secrets.query.length + secrets.fields.length > 0,
    truncated: Boolean(
      x.requestBody?.truncated || x.responseBody?.truncated || x.webSocket?.messages.some((m) => m.truncated),
    ),
    messages: x.webSocket ? x.webSocket.messages.length + (x.webSocket.dropped ?? 0) : null,
  };
}

/** The stored summary as the contract shows it. */
export function toEntrySummary(s: StoredEntrySummary): EntrySummary {
  const type = (ENTRY_TYPE_SET.has(s.type) ? s.type : 'other') as EntrySummary['type'];
  return { ...s, type, static: isStaticType(type) };
}

const ENTRY_TYPE_SET = new Set<string>(ENTRY_TYPES);

function maskQuery(url: string, names: readonly string[]): string {
  if (names.length === 0) return url;
  try {
    const u = new URL(url);
    for (const n of names) if (u.searchParams.has(n)) u.searchParams.set(n, MASK);
    return u.href;
  } catch {
    return url;
  }
}
