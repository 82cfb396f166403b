/**
 * Events over WebSocket at `/api/events` (ws in noServer mode, fed by the http server's 'upgrade').
 * One subscription per connection, released on close; ping/pong keep-alive; a client whose backlog
 * exceeds the limit is dropped rather than buffered without bound (it reconnects and refetches state).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { isAuthorized } from './auth.ts';
import { checkSite } from './guards.ts';
import { rejectUpgrade } from './upgrade-reject.ts';
import type { EventSource } from './types.ts';

/** What the hub needs to know. */
export interface EventHubOptions {
  events: EventSource;
  port: number;
  token: string;
  maxBufferedBytes: number;
  keepAliveMs: number;
  onError?: ((context: string, error: unknown) => void) | undefined;
}

/** The WebSocket side of the server. */
export interface EventHub {
  /** Checks path, Host, Origin and token, then completes or refuses the handshake. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Number of open event connections. */
  readonly size: number;
  /** Sends 1001 to every client, terminates those that have not closed within a short grace period. */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 250;
/** Clients have nothing to say: tiny frames only. */
const MAX_INCOMING_BYTES = 4096;

/** Creates the hub; it starts its keep-alive timer at once (unref'd, so it never holds the process open). */
export function createEventHub(options: EventHubOptions): EventHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_INCOMING_BYTES, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', () => ws.terminate());
    const unsubscribe = options.events.subscribe((event, payload) => forward(ws, event, payload, options));
    ws.once('close', unsubscribe);
  });

  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.keepAliveMs);
  timer.unref();

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/api/events')
        return rejectUpgrade(socket, options.port, 404, 'not_found', 'no WebSocket endpoint here');
      const denial = checkSite(req.headers, options.port);
      if (denial) return rejectUpgrade(socket, options.port, denial.status, 'forbidden', denial.message);
      if (!isAuthorized(req.headers, options.token, options.port))
        return rejectUpgrade(socket, options.port, 401, 'unauthorized', 'open the link printed by loadsmith ui');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    get size() {
      return wss.clients.size;
    },
    async close() {
      clearInterval(timer);
      const clients = [...wss.clients];
      const closed = clients.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) resolve();
            else ws.once('close', () => resolve());
          }),
      );
      for (const ws of clients) ws.close(1001, 'server closing');
      const grace = setTimeout(() => {
        for (const ws of clients) ws.terminate();
      }, CLOSE_GRACE_MS);
      await Promise.all(closed);
      clearTimeout(grace);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function forward(ws: WebSocket, event: string, payload: unknown, options: EventHubOptions): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > options.maxBufferedBytes) {
    ws.terminate();
    return;
  }
  let text: string;
  try {
    text = JSON.stringify({ event, payload });
  } catch (error) {
    options.onError?.(`event ${event} is not serialisable`, error);
    return;
  }
  ws.send(text);
}
