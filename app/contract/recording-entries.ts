/**
 * Recorded entries in the contract: the summary a live list shows (and the `recording.entry` event carries), the
 * full exchange with its secrets flagged, and the list's filter — a pure function the UI applies to live events
 * exactly as `recordings.entries` applies it on the back end.
 */
import { ENTRY_TYPES } from 'loadsmith/convert/types';
import { z } from 'zod';
import { IsoTime } from './common.ts';

export const EntrySummary = z.object({
  /** 1, 2, 3... in the order the requests started. */
  id: z.int().min(1),
  startedAt: IsoTime,
  durationMs: z.number(),
  method: z.string(),
  /** Secret query values are masked here; the full URL is in recordings.entry. */
  url: z.string(),
  host: z.string(),
  /** 0: no response (see error). */
  status: z.int(),
  mimeType: z.string(),
  type: z.enum(ENTRY_TYPES),
  /** A script, style, image, font or media file. */
  static: z.boolean(),
  /** Response body bytes; a WebSocket session's: the bytes of its messages, both ways. */
  size: z.int(),
  /** The entry whose redirect led here: entries linked this way form a chain. */
  redirectFrom: z.int().nullable(),
  error: z.string().nullable(),
  /** It carries credentials (Authorization, cookies, tokens, passwords). */
  secret: z.boolean(),
  /** A body was larger than the 1 MiB a recording keeps (a WebSocket message: than the 16 KiB). */
  truncated: z.boolean(),
  /** A WebSocket session (type websocket): its messages both ways, those past the recording's cap included. */
  messages: z.int().min(0).nullable(),
});
export type EntrySummary = z.infer<typeof EntrySummary>;

export const EntryHeader = z.object({ name: z.string(), value: z.string(), secret: z.boolean() });
export const EntryBody = z.object({
  text: z.string().nullable(),
  base64: z.string().nullable(),
  size: z.int(),
  truncated: z.boolean(),
  /** Why the body was not kept (binary content, too large). */
  omitted: z.string().nullable(),
});

/** A message of a recorded WebSocket session. */
export const EntryMessage = z.object({
  /** send: the client sent it; receive: the server did. */
  type: z.enum(['send', 'receive']),
  /** Milliseconds after the handshake started. */
  atMs: z.number(),
  binary: z.boolean(),
  /** The text (secret values redacted unless revealSecrets), or the bytes in base64. */
  data: z.string(),
  size: z.int().min(0),
  /** Only the first 16 KiB were kept. */
  truncated: z.boolean(),
});

export const Entry = EntrySummary.extend({
  /** The full URL (secret values redacted unless revealSecrets). */
  fullUrl: z.string(),
  request: z.object({ httpVersion: z.string(), headers: z.array(EntryHeader), body: EntryBody.nullable() }),
  response: z.object({ statusText: z.string(), headers: z.array(EntryHeader), body: EntryBody.nullable() }),
  /** The redirect chain this entry belongs to, first to last (just this entry when none). */
  chain: z.array(z.int()),
  /** Secret fields of the bodies: `request form password`, `response json $.token`. */
  secretFields: z.array(z.string()),
  /** False: secret values are shown as REDACTED. */
  secretsRevealed: z.boolean(),
  /** A WebSocket session's messages in order (null for HTTP), with how it ended and what the recording left out. */
  webSocket: z
    .object({ messages: z.array(EntryMessage), dropped: z.int().min(0), ended: z.string().nullable() })
    .nullable(),
});
export type Entry = z.infer<typeof Entry>;

export const EntryFilter = z.strictObject({
  hideStatic: z.boolean().optional(),
  /** Only these hosts (`example.com`, `*.example.com`); empty or missing: all. */
  includeHosts: z.array(z.string().min(1).max(300)).max(100).optional(),
  excludeHosts: z.array(z.string().min(1).max(300)).max(100).optional(),
  /** Case-insensitive text in the method, URL, status or type. */
  search: z.string().max(500).optional(),
});
export type EntryFilter = z.infer<typeof EntryFilter>;

/** Does an entry pass the list's filter? */
export function entryMatches(e: EntrySummary, f: EntryFilter = {}): boolean {
  if (f.hideStatic && e.static) return false;
  const host = e.host.replace(/:\d+$/, '').toLowerCase();
  const matches = (rule: string): boolean => {
    const r = rule.trim().toLowerCase().replace(/:\d+$/, '');
    return r.startsWith('*.') ? host === r.slice(2) || host.endsWith(r.slice(1)) : host === r;
  };
  if (f.includeHosts?.length && !f.includeHosts.some(matches)) return false;
  if (f.excludeHosts?.some(matches)) return false;
  const q = f.search?.trim().toLowerCase();
  if (q && ![e.method, e.url, String(e.status), e.type, e.mimeType].some((s) => s.toLowerCase().includes(q)))
    return false;
  return true;
}
