/**
 * The demo server's WebSocket endpoints: /ws/echo sends every message back as it came (text or binary); /ws/chat is
 * a chat room per `?room=` (default lobby): a welcome on connect ({"type":"welcome","id":N,"room":...}), and each
 * JSON message {"type":"say","text":...} broadcast to the room as {"type":"message","from":N,"text":...}; anything
 * else is echoed to the sender. Subprotocols: the first one offered is accepted.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** What the demo server lists on its home page and prints at start. */
export const WS_ENDPOINTS = 'WebSocket: /ws/echo · /ws/chat?room=NAME';

export interface DemoWebSocket {
  close(): void;
}

export function attachDemoWebSocket(server: Server): DemoWebSocket {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => offered.values().next().value ?? false,
  });
  const rooms = new Map<string, Set<WebSocket>>();
  let nextId = 1;
  server.on('upgrade', (req, socket: Duplex, head) => {
    const url = new URL(req.url ?? '/', 'http://demo');
    if (url.pathname !== '/ws/echo' && url.pathname !== '/ws/chat') {
      socket.end(
        `HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nno WebSocket endpoint at ${url.pathname}: use /ws/echo or /ws/chat\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      if (url.pathname === '/ws/echo') ws.on('message', (data, binary) => ws.send(data, { binary }));
      else chat(ws, url.searchParams.get('room') ?? 'lobby', nextId++, rooms);
    });
  });
  return {
    close: () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}

function chat(ws: WebSocket, room: string, id: number, rooms: Map<string, Set<WebSocket>>): void {
  const members = rooms.get(room) ?? new Set<WebSocket>();
  rooms.set(room, members.add(ws));
  ws.send(JSON.stringify({ type: 'welcome', id, room, members: members.size }));
  ws.on('message', (data, binary) => {
    const said = binary ? undefined : sayOf(data.toString());
    if (said === undefined) {
      ws.send(data, { binary });
      return;
    }
    const out = JSON.stringify({ type: 'message', from: id, text: said });
    for (const m of members) m.send(out);
  });
  ws.on('close', () => {
    members.delete(ws);
    if (members.size === 0) rooms.delete(room);
  });
}

function sayOf(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'say')
      return String((v as { text?: unknown }).text ?? '');
  } catch {
    /* not JSON: echoed */
  }
  return undefined;
}
