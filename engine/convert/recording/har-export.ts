/**
 * A recording -> HAR 1.2, with the real responses (unlike a plan's HAR export). Secrets are redacted unless asked
 * for: credential headers and cookies become REDACTED, and every secret value found in any exported entry
 * (a token, a password, a session id) is replaced wherever else it appears, in URLs, headers and bodies.
 */
import { VERSION } from '../../version.ts';
import { entryType } from './classify.ts';
import { findSecrets, REDACTED, redact } from './secrets.ts';
import {
  headerValue,
  mimeOf,
  type RecordedBody,
  type RecordedExchange,
  type RecordedWebSocketMessage,
} from './types.ts';

export interface HarExportOptions {
  includeSecrets?: boolean;
  /** HAR pages, when the recording has a name. */
  title?: string;
}

export interface HarExport {
  text: string;
  /** How many values were redacted (0 with includeSecrets). */ redacted: number;
}

type Json = Record<string, unknown>;

export function recordingToHar(exchanges: readonly RecordedExchange[], o: HarExportOptions = {}): HarExport {
  const secrets = exchanges.map(findSecrets);
  const values = o.includeSecrets
    ? []
    : [...new Set(secrets.flatMap((s) => s.values))].sort((a, b) => b.length - a.length);
  let redacted = 0;
  const entries = exchanges.map((x, i) => {
    const s = secrets[i]!;
    const hide =
      (list: readonly string[]) =>
      (name: string, value: string): string => {
        if (o.includeSecrets || !list.includes(name.toLowerCase())) return value;
        redacted++;
        return name.toLowerCase() === 'set-cookie' ? value.replace(/^([^=;]*=)[^;]*/, `$1${REDACTED}`) : REDACTED;
      };
    const entry = harEntry(x, hide(s.requestHeaders), hide(s.responseHeaders));
    if (values.length === 0) return entry;
    const before = JSON.stringify(entry);
    const after = scrub(entry, values) as Json;
    if (JSON.stringify(after) !== before) redacted++;
    return after;
  });
  const pages =
    o.title && exchanges[0]
      ? [
          {
            startedDateTime: new Date(exchanges[0].startedAt).toISOString(),
            id: 'page_1',
            title: o.title,
            pageTimings: {},
          },
        ]
      : [];
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'Loadsmith', version: VERSION },
      pages,
      entries: pages.length ? entries.map((e) => ({ pageref: 'page_1', ...e })) : entries,
    },
  };
  return { text: `${JSON.stringify(har, null, 2)}\n`, redacted };
}

function harEntry(
  x: RecordedExchange,
  reqHeader: (n: string, v: string) => string,
  resHeader: (n: string, v: string) => string,
): Json {
  let query: { name: string; value: string }[] = [];
  try {
    query = [...new URL(x.url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    /* keep none */
  }
  const cookies = (headerValue(x.requestHeaders, 'cookie') ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ name: p.split('=', 1)[0]!, value: reqHeader('cookie', p.slice(p.indexOf('=') + 1)) }));
  const request: Json = {
    method: x.method,
    url: x.url,
    httpVersion: x.httpVersion ?? 'HTTP/1.1',
    headers: x.requestHeaders.map(([name, value]) => ({ name, value: reqHeader(name, value) })),
    queryString: query,
    cookies,
    headersSize: -1,
    bodySize: x.requestBody?.size ?? 0,
  };
  if (x.requestBody && (x.requestBody.text !== undefined || x.requestBody.base64 !== undefined)) {
    request.postData = { mimeType: headerValue(x.requestHeaders, 'content-type') ?? '', ...content(x.requestBody) };
  }
  const response: Json = {
    status: x.status,
    statusText: x.statusText ?? '',
    httpVersion: x.httpVersion ?? 'HTTP/1.1',
    headers: x.responseHeaders.map(([name, value]) => ({ name, value: resHeader(name, value) })),
    cookies: [],
    content: {
      size: x.responseBody?.size ?? 0,
      mimeType: headerValue(x.responseHeaders, 'content-type') ?? mimeOf(x.responseHeaders),
      ...content(x.responseBody),
    },
    redirectURL: headerValue(x.responseHeaders, 'location') ?? '',
    headersSize: -1,
    bodySize: x.responseBody?.size ?? -1,
    ...(x.error ? { _error: x.error } : {}),
  };
  return {
    startedDateTime: new Date(x.startedAt).toISOString(),
    time: x.durationMs,
    request,
    response,
    cache: {},
    timings: { send: 0, wait: x.durationMs, receive: 0 },
    _resourceType: x.webSocket ? 'websocket' : entryType(x),
    ...(x.webSocket ? { _webSocketMessages: x.webSocket.messages.map(harMessage) } : {}),
    _loadsmith: {
      id: x.id,
      ...(x.redirectFrom !== undefined ? { redirectFrom: x.redirectFrom } : {}),
      ...truncation(x),
      ...(x.webSocket?.dropped ? { webSocketDropped: x.webSocket.dropped } : {}),
    },
  };
}

/** As Chrome writes a message (time in seconds); size and truncation as extension fields. */
function harMessage(m: RecordedWebSocketMessage): Json {
  return {
    type: m.type,
    time: m.time / 1000,
    opcode: m.opcode,
    data: m.data,
    ...(m.size !== undefined ? { _size: m.size } : {}),
    ...(m.truncated ? { _truncated: true } : {}),
  };
}

function content(b: RecordedBody | undefined): Json {
  if (!b) return {};
  if (b.text !== undefined) return { text: b.text };
  if (b.base64 !== undefined) return { text: b.base64, encoding: 'base64' };
  return b.omitted ? { comment: `not recorded: ${b.omitted}` } : {};
}

function truncation(x: RecordedExchange): Json {
  const out: Json = {};
  if (x.requestBody?.truncated) out.requestBodyTruncated = true;
  if (x.responseBody?.truncated) out.responseBodyTruncated = true;
  return out;
}

/** Every string inside `v` with the secret values redacted (base64 bodies are left as they are). */
function scrub(v: unknown, values: readonly string[]): unknown {
  if (typeof v === 'string') return redact(v, values);
  if (Array.isArray(v)) return v.map((x) => scrub(x, values));
  if (v !== null && typeof v === 'object') {
    const o = v as Json;
    if (o.encoding === 'base64') return o;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, scrub(x, values)]));
  }
  return v;
}
