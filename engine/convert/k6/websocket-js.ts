/** A WebSocket session step -> k6: not translated yet, so it is reported and left as a comment, never dropped silently. */
import type { WebSocketSession } from '../../plan/schema/index.ts';
import type { Script } from './script.ts';

export function websocketJs(ws: WebSocketSession, s: Script): string[] {
  const name = ws.name ?? ws.url;
  s.notes.add('not-exported', `websocket ${name}`, 'WebSocket sessions are not exported to k6 yet: the session is missing from the script');
  return [`// not exported: websocket ${name.replace(/\n/g, ' ')} (WebSocket sessions are not exported to k6 yet)`];
}
