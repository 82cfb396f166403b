/**
 * HAR 1.2 (from a browser's DevTools, another proxy, or a Loadsmith export) -> recorded exchanges, so an imported
 * HAR gets everything a recording has: the entry list, correlation and conversion. Redirect chains are linked by
 * the redirect's Location (or kept from a Loadsmith export).
 */
import { z } from 'zod';
import { multipartText, parseMultipart } from '../multipart.ts';
import { check, parseStructured } from '../structured.ts';
import { ConvertError, sourceLabel } from '../types.ts';
import { RedirectLinker } from './redirects.ts';
import type { RecordedBody, RecordedExchange } from './types.ts';

const NameValue = z.object({ name: z.string(), value: z.string().catch('') });
const Content = z.object({
  size: z.number().optional(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  encoding: z.string().optional(),
});
/** Chrome's frames of a WebSocket entry (time in seconds since the epoch; opcode 1 text, 2 binary as base64). */
const WebSocketMessage = z.object({
  type: z.enum(['send', 'receive']),
  time: z.number(),
  opcode: z.number(),
  data: z.string().catch(''),
  _size: z.number().optional(),
  _truncated: z.boolean().optional(),
});
const Entry = z.object({
  startedDateTime: z.string().optional(),
  time: z.number().optional(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    httpVersion: z.string().optional(),
    headers: z.array(NameValue).catch([]),
    bodySize: z.number().optional(),
    postData: z
      .object({
        mimeType: z.string().catch(''),
        text: z.string().optional(),
        encoding: z.string().optional(),
        params: z
          .array(
            z.object({
              name: z.string(),
              value: z.string().optional(),
              fileName: z.string().optional(),
              contentType: z.string().optional(),
            }),
          )
          .optional(),
      })
      .optional(),
  }),
  response: z
    .object({
      status: z.number().catch(0),
      statusText: z.string().optional(),
      headers: z.array(NameValue).catch([]),
      content: Content.optional(),
      redirectURL: z.string().optional(),
      _error: z.string().nullable().optional(),
    })
    .optional(),
  _loadsmith: z
    .object({
      id: z.number().optional(),
      redirectFrom: z.number().optional(),
      requestBodyTruncated: z.boolean().optional(),
      responseBodyTruncated: z.boolean().optional(),
      webSocketDropped: z.number().optional(),
    })
    .optional(),
  _webSocketMessages: z.array(z.unknown()).optional(),
});
const Har = z.object({ log: z.object({ entries: z.array(Entry) }) });
type Entry = z.infer<typeof Entry>;

/** The exchanges of a HAR file, numbered 1, 2, 3... in the order they started. */
export function harToRecording(text: string, file?: string): RecordedExchange[] {
  const label = sourceLabel(file);
  const har = parseHar(text, label);
  if (har.log.entries.length === 0) throw new ConvertError(`${label}: the HAR file has no entries`);
  const sorted = har.log.entries
    .map((e, i) => ({ e, i, t: e.startedDateTime ? Date.parse(e.startedDateTime) : NaN }))
    .sort((a, b) => (Number.isNaN(a.t) || Number.isNaN(b.t) ? a.i - b.i : a.t - b.t || a.i - b.i));
  const oldIds = new Map<number, number>();
  const out = sorted.map(({ e, t }, i) => {
    const x = exchange(e, i + 1, Number.isNaN(t) ? 0 : t);
    if (e._loadsmith?.id !== undefined) oldIds.set(e._loadsmith.id, i + 1);
    return x;
  });
  linkRedirects(
    sorted.map((s) => s.e),
    out,
    oldIds,
  );
  return out;
}

/** JSON.parse first (fast for big files); the positioned parser only to say where a problem is. */
function parseHar(text: string, label: string): z.infer<typeof Har> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return check(Har, parseStructured(text, label, 'a HAR file'), label, 'HAR file');
  }
  const quick = Har.safeParse(value);
  return quick.success ? quick.data : check(Har, parseStructured(text, label, 'a HAR file'), label, 'HAR file');
}

function exchange(e: Entry, id: number, startedAt: number): RecordedExchange {
  const r = e.response;
  const x: RecordedExchange = {
    id,
    startedAt,
    durationMs: Math.max(0, e.time ?? 0),
    method: e.request.method.toUpperCase(),
    url: e.request.url,
    ...(e.request.httpVersion ? { httpVersion: e.request.httpVersion } : {}),
    requestHeaders: e.request.headers.map((h) => [h.name, h.value]),
    status: r?.status ?? 0,
    statusText: r?.statusText ?? '',
    responseHeaders: (r?.headers ?? []).map((h) => [h.name, h.value]),
  };
  const p = e.request.postData;
  if (p) {
    // Some HAR writers give the body's type only here: it is the Content-Type the browser sent.
    if (p.mimeType !== '' && !x.requestHeaders.some(([k]) => k.toLowerCase() === 'content-type'))
      x.requestHeaders.push(['Content-Type', p.mimeType]);
    const form = /^multipart\/form-data/i.test(p.mimeType) && p.encoding !== 'base64' ? multipart(p, x) : undefined;
    const text =
      form ??
      p.text ??
      (p.params
        ? p.params.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value ?? '')}`).join('&')
        : undefined);
    if (text !== undefined)
      x.requestBody = body(
        text,
        p.encoding,
        e._loadsmith?.requestBodyTruncated ?? false,
        form === undefined ? e.request.bodySize : undefined,
      );
  }
  const c = r?.content;
  if (c?.text !== undefined)
    x.responseBody = body(c.text, c.encoding, e._loadsmith?.responseBodyTruncated ?? false, c.size);
  else if (c && (c.size ?? 0) > 0)
    x.responseBody = { size: c.size ?? 0, truncated: false, omitted: 'the HAR file has no content text' };
  if (r?._error) x.error = r._error;
  else if (!r || r.status === 0) x.error = 'no response in the HAR file';
  if (/^wss?:/i.test(x.url)) x.webSocket = webSocket(e);
  return x;
}

/** The session's messages in time order; one a HAR writer wrote wrong is left out, not the whole file. */
function webSocket(e: Entry): NonNullable<RecordedExchange['webSocket']> {
  const messages = (e._webSocketMessages ?? [])
    .flatMap((raw) => {
      const m = WebSocketMessage.safeParse(raw);
      return m.success ? [m.data] : [];
    })
    .sort((a, b) => a.time - b.time)
    .map((m) => ({
      type: m.type,
      time: m.time * 1000,
      opcode: m.opcode,
      data: m.data,
      size: m._size ?? (m.opcode === 2 ? Buffer.from(m.data, 'base64').length : Buffer.byteLength(m.data)),
      ...(m._truncated ? { truncated: true } : {}),
    }));
  const dropped = e._loadsmith?.webSocketDropped;
  return { messages, ...(dropped ? { dropped } : {}) };
}

/**
 * A multipart form (its params, or its recorded text) rebuilt with its text fields only, under a Content-Type of
 * the new boundary; its file fields are listed on the exchange (their content is not in HAR files).
 */
function multipart(p: NonNullable<Entry['request']['postData']>, x: RecordedExchange): string | undefined {
  const parts =
    p.params && p.params.length > 0
      ? p.params.map((q) => ({
          name: q.name,
          value: q.value ?? '',
          ...(q.fileName !== undefined ? { fileName: q.fileName } : {}),
          ...(q.contentType ? { contentType: q.contentType } : {}),
        }))
      : parseMultipart(p.text ?? '', p.mimeType);
  if (parts === undefined) return undefined;
  const files = parts.filter((q) => q.fileName !== undefined);
  if (files.length > 0)
    x.fileFields = files.map((q) => ({ name: q.name, ...(q.fileName ? { fileName: q.fileName } : {}) }));
  const built = multipartText(
    parts
      .filter((q) => q.fileName === undefined)
      .map(({ name, value, contentType }) => ({ name, value, ...(contentType ? { contentType } : {}) })),
  );
  x.requestHeaders = [
    ...x.requestHeaders.filter(([k]) => k.toLowerCase() !== 'content-type'),
    ['Content-Type', built.contentType],
  ];
  return built.text;
}

function body(text: string, encoding: string | undefined, truncated: boolean, size: number | undefined): RecordedBody {
  if (encoding === 'base64')
    return { base64: text, size: size && size > 0 ? size : Buffer.from(text, 'base64').length, truncated };
  return { text, size: size && size > 0 ? size : Buffer.byteLength(text), truncated };
}

/** A Loadsmith export says which entry redirected to which; other HAR files are linked by Location. */
function linkRedirects(entries: readonly Entry[], out: RecordedExchange[], oldIds: ReadonlyMap<number, number>): void {
  const linker = new RedirectLinker(Number.POSITIVE_INFINITY);
  out.forEach((x, i) => {
    const from = entries[i]!._loadsmith?.redirectFrom;
    const location = entries[i]!.response?.redirectURL;
    const headers =
      location && !x.responseHeaders.some(([k]) => k.toLowerCase() === 'location')
        ? [...x.responseHeaders, ['location', location] as [string, string]]
        : x.responseHeaders;
    const linked = linker.link({ ...x, responseHeaders: headers });
    const previous = from !== undefined ? oldIds.get(from) : linked;
    if (previous !== undefined) x.redirectFrom = previous;
  });
}
