/**
 * A websocket step -> a HAR entry as Chrome writes one: the handshake (GET, status 101, `_resourceType: websocket`)
 * and `_webSocketMessages` from the actions — what is sent as sent (templates as written, binary as base64), a pause
 * as a gap. What the server will send is not in the plan: each receive is an empty received message, reported.
 * Importing the HAR gives the session back (recording/websocket-sessions.ts).
 */
import { parseDuration } from '../../base/duration.ts';
import type { Request, WebSocketSession } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';

type Json = Record<string, unknown>;

/** `httpEntry` writes an HTTP entry for a request (the exporter's, with defaults and secrets as they are). */
export function websocketEntry(
  ws: WebSocketSession,
  httpEntry: (r: Request) => Json,
  clock: { ms: number },
  notes: Notes,
  where: string,
): Json {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(ws.headers ?? {})) headers[k] = String(v);
  if (ws.subprotocols) headers['Sec-WebSocket-Protocol'] = ws.subprotocols.join(', ');
  const e = httpEntry({
    ...(ws.name ? { name: ws.name } : {}),
    url: ws.url.replace(/^ws/i, 'http'),
    headers,
    checks: [{ status: 101 }],
  });
  const request = { ...(e.request as Json) };
  request.url = String(request.url).replace(/^http/i, 'ws');
  const messages: Json[] = [];
  let receives = 0;
  const at = (): number => clock.ms / 1000;
  for (const a of ws.actions) {
    if ('send' in a) {
      const m = a.send;
      const binary = typeof m !== 'string' && 'binary' in m;
      const data = typeof m === 'string' ? m : 'text' in m ? m.text : 'json' in m ? JSON.stringify(m.json) : m.binary;
      messages.push({ type: 'send', time: at(), opcode: binary ? 2 : 1, data });
    } else if ('receive' in a) {
      receives++;
      messages.push({ type: 'receive', time: at(), opcode: 1, data: '' });
    } else if ('pause' in a) {
      const p = a.pause;
      clock.ms +=
        typeof p === 'string'
          ? (parseDuration(p) ?? 0)
          : ((parseDuration(p.min) ?? 0) + (parseDuration(p.max) ?? 0)) / 2;
    } else if ('close' in a) break;
    clock.ms += 1;
  }
  if (receives > 0)
    notes.add(
      'approximated',
      where,
      `WebSocket session '${ws.name ?? ws.url}': the ${receives} message${receives === 1 ? '' : 's'} it receives are written empty (the plan does not know what the server sends)`,
    );
  return {
    ...e,
    request,
    _resourceType: 'websocket',
    _webSocketMessages: messages,
    response: { ...(e.response as Json), status: 101, statusText: 'Switching Protocols' },
  };
}
