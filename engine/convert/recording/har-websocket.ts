/**
 * WebSocket entries of a HAR file (Chrome writes the frames as `_webSocketMessages`) -> websocket session steps.
 * The recording's conversion makes every entry a request step, its secrets already moved to `${env.NAME}`; here each
 * step whose URL is ws:// or wss:// becomes the session it was: the handshake's headers (less those the WebSocket
 * client writes itself), its subprotocols, and the frames in order — a send for each message the browser sent, a
 * receive for each it got (each waits for the next message), a pause where the browser waited half a second or more.
 */
import { z } from 'zod';
import type { Auth, Plan, Request, Step, WebSocketAction, WebSocketSession } from '../../plan/schema/index.ts';
import { childLists } from '../../plan/schema/index.ts';
import type { ConvertNote, ImportResult } from '../types.ts';

const Message = z.object({
  type: z.enum(['send', 'receive']),
  time: z.number(),
  opcode: z.number(),
  data: z.string().catch(''),
});
const Entry = z.object({
  startedDateTime: z.string().optional(),
  request: z.object({ url: z.string() }),
  _webSocketMessages: z.array(Message).catch([]).optional(),
});
const Har = z.object({ log: z.object({ entries: z.array(z.unknown()) }) });
type Message = z.infer<typeof Message>;

const WS_URL = /^wss?:\/\//i;
/** Written by the WebSocket client itself on every handshake: replaying the recorded ones would be wrong. */
const HANDSHAKE_HEADERS = new Set([
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-accept',
  'upgrade',
  'connection',
  'host',
]);
/** Waits shorter than this between a message and the browser's next send are not pauses, as with think times. */
const PAUSE_MIN_MS = 500;
const DEFAULT_SESSION_MS = 60_000;

/** `result` with its ws:// request steps made into websocket sessions (the HAR text gives their frames). */
export function withWebSocketSessions(harText: string, result: ImportResult): ImportResult {
  const recorded = recordedMessages(harText);
  if (recorded.length === 0) return result;
  const notes: ConvertNote[] = [];
  let k = 0;
  const convert = (steps: Step[]): void => {
    steps.forEach((step, i) => {
      if ('request' in step && isHandshake(step.request)) {
        const messages = recorded[k++] ?? [];
        const session = sessionOf(step.request, messages, result.plan, notes);
        steps[i] = { websocket: session };
        return;
      }
      for (const child of childLists(step)) convert(child.steps as Step[]);
    });
  };
  for (const sc of Object.values(result.plan.scenarios)) convert(sc.steps);
  if (k === 0) return result;
  // The handshake key is made anew for every connection: the note and variable that moved it to the environment go.
  const env = result.env.filter(
    (v) => v !== 'SEC_WEB_SOCKET_KEY' || JSON.stringify(result.plan).includes('env.SEC_WEB_SOCKET_KEY'),
  );
  const kept = result.notes.filter((n) => !/Sec-WebSocket-Key/i.test(n.message));
  return { ...result, env, notes: [...kept, ...notes] };
}

/** A request step made from a WebSocket entry (kept in its http(s) form): it was answered 101, or says it upgrades. */
function isHandshake(r: Request): boolean {
  return (
    WS_URL.test(r.url) ||
    (r.checks ?? []).some((c) => 'status' in c && c.status === 101) ||
    Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === 'sec-websocket-version')
  );
}

/** The frames of each WebSocket entry, in the order the entries started (as harToRecording numbers them). */
function recordedMessages(text: string): Message[][] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return [];
  }
  const har = Har.safeParse(value);
  if (!har.success) return [];
  const entries = har.data.log.entries.flatMap((raw, i) => {
    const e = Entry.safeParse(raw);
    if (!e.success || !WS_URL.test(e.data.request.url)) return [];
    const t = e.data.startedDateTime ? Date.parse(e.data.startedDateTime) : NaN;
    return [{ i, t, messages: e.data._webSocketMessages ?? [] }];
  });
  entries.sort((a, b) => (Number.isNaN(a.t) || Number.isNaN(b.t) ? a.i - b.i : a.t - b.t || a.i - b.i));
  return entries.map((e) => [...e.messages].sort((a, b) => a.time - b.time));
}

function sessionOf(r: Request, messages: readonly Message[], plan: Plan, notes: ConvertNote[]): WebSocketSession {
  const where = `websocket ${r.url}`;
  const headers: Record<string, string | number | boolean> = {};
  let subprotocols: string[] | undefined;
  for (const [k, v] of Object.entries(r.headers ?? {})) {
    const lower = k.toLowerCase();
    if (lower === 'sec-websocket-protocol')
      subprotocols = String(v)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
    else if (!HANDSHAKE_HEADERS.has(lower)) headers[k] = v;
  }
  const url = urlOf(r, plan, headers, notes, where);
  const actions = actionsOf(messages);
  const sent = messages.filter((m) => m.type === 'send').length;
  notes.push({
    kind: 'info',
    where,
    message: `a WebSocket session: ${sent} message${sent === 1 ? '' : 's'} sent and ${messages.length - sent} received, replayed in order (each receive waits for the next message; add a match to wait for a particular one)`,
  });
  const spanMs = messages.length > 1 ? (messages.at(-1)!.time - messages[0]!.time) * 1000 : 0;
  return {
    url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(subprotocols && subprotocols.length > 0 ? { subprotocols } : {}),
    ...(spanMs + 30_000 > DEFAULT_SESSION_MS ? { timeout: `${Math.ceil((spanMs + 30_000) / 1000)}s` } : {}),
    ...(r.checks ? { checks: r.checks } : {}),
    ...(r.tags ? { tags: r.tags } : {}),
    actions,
  };
}

/** The session's URL: relative to baseUrl when it is the same server (so BASE_URL moves it too); auth as headers. */
function urlOf(
  r: Request,
  plan: Plan,
  headers: Record<string, string | number | boolean>,
  notes: ConvertNote[],
  where: string,
): string {
  const query = Object.entries(r.query ?? {}).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${String(x)}`),
  );
  const auth = authHeader(r.auth, query);
  if (auth) headers[auth.name] = auth.value;
  const lost =
    r.auth?.type === 'basic'
      ? 'basic authentication'
      : r.auth === undefined && plan.defaults?.auth && plan.defaults.auth.type !== 'none'
        ? 'defaults.auth'
        : undefined;
  if (lost)
    notes.push({
      kind: 'approximated',
      where,
      message: `${lost} does not apply to WebSocket sessions: add its Authorization header to the session if the server needs it`,
    });
  const url = r.url.replace(/^http/i, 'ws');
  const full = query.length > 0 ? `${url}${url.includes('?') ? '&' : '?'}${query.join('&')}` : url;
  const base = /:-(https?:\/\/[^}]+)\}/.exec(plan.defaults?.baseUrl ?? '')?.[1] ?? plan.defaults?.baseUrl;
  if (base === undefined) return full;
  const wsBase = base.replace(/^http/i, 'ws').replace(/\/$/, '');
  return full.toLowerCase().startsWith(`${wsBase.toLowerCase()}/`) ? full.slice(wsBase.length) : full;
}

function authHeader(a: Auth | undefined, query: string[]): { name: string; value: string } | undefined {
  if (a === undefined || a.type === 'none' || a.type === 'basic') return undefined;
  if (a.type === 'bearer') return { name: 'Authorization', value: `${a.scheme ?? 'Bearer'} ${a.token}` };
  if (a.in === 'query') {
    query.push(`${encodeURIComponent(a.name)}=${a.value}`);
    return undefined;
  }
  return { name: a.name, value: a.value };
}

function actionsOf(messages: readonly Message[]): WebSocketAction[] {
  const out: WebSocketAction[] = [];
  let last: number | undefined;
  for (const m of messages) {
    if (m.type === 'send') {
      const gap = last === undefined ? 0 : Math.round((m.time - last) * 1000);
      if (gap >= PAUSE_MIN_MS) out.push({ pause: `${gap}ms` });
      // A recorded `${` is text, not an expression: written `$${`.
      out.push({ send: m.opcode === 2 ? { binary: m.data } : m.data.replaceAll('${', () => '$${') });
    } else out.push({ receive: {} });
    last = m.time;
  }
  out.push({ close: true });
  return out;
}
