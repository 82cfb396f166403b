/**
 * Browser mode: calls are `POST /api/call` on the page's own origin (the session is an HttpOnly cookie, so
 * nothing here handles a token), events arrive on the `/api/events` WebSocket.
 */
import type { Transport } from '../../../app/contract/client.ts';
import { envelopeFromHttp, networkFailure } from './envelope.ts';
import { eventsUrl } from './event-message.ts';
import { EventSocket, type SocketHandlers, type SocketLike } from './event-socket.ts';
import type { PickedTransport } from './types.ts';

export interface HttpTransportDeps {
  fetch: typeof fetch;
  location: Pick<Location, 'protocol' | 'host'>;
  openSocket(url: string, handlers: SocketHandlers): SocketLike;
}

/** Posts one call and returns the reply's envelope; never throws (failures are error envelopes). */
export async function postCall(doFetch: typeof fetch, method: string, params: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await doFetch('/api/call', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method, params: params ?? {} }),
    });
  } catch (e) {
    return networkFailure(e);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    return networkFailure(e);
  }
  return envelopeFromHttp(response.status, text);
}

/** The HTTP + WebSocket transport; opens the event channel at once so the status bar can show its state. */
export function createHttpTransport(deps: HttpTransportDeps = browserDeps()): PickedTransport {
  const events = new EventSocket(eventsUrl(deps.location), {
    open: deps.openSocket,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  const transport: Transport = {
    call: (method, params) => postCall(deps.fetch, method, params),
    subscribe: (listener) => events.listen(listener),
  };
  return { transport, capabilities: { nativeDialogs: false }, connection: events };
}

function browserDeps(): HttpTransportDeps {
  return {
    fetch: globalThis.fetch.bind(globalThis),
    location: window.location,
    openSocket: (url, h) => {
      const ws = new WebSocket(url);
      ws.onopen = () => h.onOpen();
      ws.onmessage = (e: MessageEvent) => h.onMessage(e.data);
      // An error is always followed by close; reconnecting is handled there, once.
      ws.onclose = () => h.onClose();
      return ws;
    },
  };
}
