/**
 * Recorded WebSocket sessions -> websocket steps: the one conversion for a recorder session and for a HAR file's
 * WebSocket entry (Chrome's `_webSocketMessages`, read into the exchange by har-import.ts). The recording's
 * conversion first makes every handshake a request step, so its URL, headers and auth get what every request gets
 * (secrets to `${env.NAME}`, correlations, baseUrl); here each of those becomes the session it was: the handshake's
 * headers (less those the WebSocket client writes itself), its subprotocols, and the messages in order — a send for
 * each message the client sent, a receive for each it got (each waits for the next message), a pause where the
 * client waited half a second or more.
 */
import type { Auth, Plan, Request, Step, WebSocketAction, WebSocketSession } from '../../plan/schema/index.ts';
import { childLists } from '../../plan/child-lists.ts';
import type { Notes } from '../draft.ts';
import { headerValue, type RecordedExchange, type RecordedWebSocketMessage } from './types.ts';

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
/** Waits shorter than this between a message and the client's next send are not pauses, as with think times. */
const PAUSE_MIN_MS = 500;
const DEFAULT_SESSION_MS = 60_000;

/** A WebSocket handshake: a ws:// or wss:// URL, or an HTTP upgrade to websocket (101). */
export function isWebSocket(x: RecordedExchange): boolean {
  return (
    /^wss?:/i.test(x.url) ||
    x.webSocket !== undefined ||
    (x.status === 101 &&
      /websocket/i.test(headerValue(x.responseHeaders, 'upgrade') ?? headerValue(x.requestHeaders, 'upgrade') ?? ''))
  );
}

/**
 * In `plan` (built from one request per recorded step, in order), each request whose step is a WebSocket handshake
 * (`sockets[i]` defined for the i-th request) is replaced by its session.
 */
export function replaceWebSocketRequests(
  plan: Plan,
  sockets: readonly (RecordedExchange | undefined)[],
  notes: Notes,
): void {
  let i = 0;
  const walk = (steps: Step[]): void => {
    steps.forEach((step, at) => {
      if ('request' in step) {
        const x = sockets[i++];
        if (x) steps[at] = { websocket: sessionOf(step.request, x, plan, notes) };
        return;
      }
      for (const child of childLists(step)) walk(child.steps as Step[]);
    });
  };
  for (const sc of Object.values(plan.scenarios)) walk(sc.steps);
}

function sessionOf(r: Request, x: RecordedExchange, plan: Plan, notes: Notes): WebSocketSession {
  const where = `websocket ${r.url}`;
  const messages = x.webSocket?.messages ?? [];
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
  const sent = messages.filter((m) => m.type === 'send').length;
  notes.add(
    'info',
    where,
    `a WebSocket session: ${sent} message${sent === 1 ? '' : 's'} sent and ${messages.length - sent} received, replayed in order (each receive waits for the next message; add a match to wait for a particular one)`,
  );
  lossNotes(x, notes, where);
  const spanMs = messages.length > 1 ? messages.at(-1)!.time - messages[0]!.time : 0;
  return {
    url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(subprotocols && subprotocols.length > 0 ? { subprotocols } : {}),
    ...(r.http?.insecureTls ? { insecureTls: true } : {}),
    ...(spanMs + 30_000 > DEFAULT_SESSION_MS ? { timeout: `${Math.ceil((spanMs + 30_000) / 1000)}s` } : {}),
    ...(r.checks ? { checks: r.checks } : {}),
    ...(r.tags ? { tags: r.tags } : {}),
    actions: actionsOf(messages),
  };
}

/** What the recording did not keep of the session: the plan replays what it has, and says so. */
function lossNotes(x: RecordedExchange, notes: Notes, where: string): void {
  const cut = (x.webSocket?.messages ?? []).filter((m) => m.truncated && m.type === 'send').length;
  if (cut > 0)
    notes.add(
      'approximated',
      where,
      `${cut} message${cut === 1 ? ' was' : 's were'} larger than the recording keeps: sent as far as recorded (edit the send to give the whole message)`,
    );
  const dropped = x.webSocket?.dropped ?? 0;
  if (dropped > 0)
    notes.add(
      'not-imported',
      where,
      `${dropped} more message${dropped === 1 ? '' : 's'} after the recording's limit per session ${dropped === 1 ? 'was' : 'were'} not recorded, so not replayed`,
    );
}

/** The session's URL: relative to baseUrl when it is the same server (so BASE_URL moves it too); auth as headers. */
function urlOf(
  r: Request,
  plan: Plan,
  headers: Record<string, string | number | boolean>,
  notes: Notes,
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
    notes.add(
      'approximated',
      where,
      `${lost} does not apply to WebSocket sessions: add its Authorization header to the session if the server needs it`,
    );
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

function actionsOf(messages: readonly RecordedWebSocketMessage[]): WebSocketAction[] {
  const out: WebSocketAction[] = [];
  let last: number | undefined;
  for (const m of messages) {
    if (m.type === 'send') {
      const gap = last === undefined ? 0 : Math.round(m.time - last);
      if (gap >= PAUSE_MIN_MS) out.push({ pause: `${gap}ms` });
      // A recorded `${` is text, not an expression: written `$${`.
      out.push({ send: m.opcode === 2 ? { binary: m.data } : m.data.replaceAll('${', () => '$${') });
    } else out.push({ receive: {} });
    last = m.time;
  }
  out.push({ close: true });
  return out;
}
