/**
 * The WebSocket session step (issue 21) as a designer step kind: what "Add" makes of it. A new session echoes one
 * message, so it runs as it is against `loadsmith demo-server` (its /ws/echo) and shows the three things a session
 * does: send, receive with a check, close.
 */
import type { Step } from 'loadsmith/plan';

type WebSocketStep = Extract<Step, { websocket: unknown }>;

export const newWebSocket = (): WebSocketStep => ({
  websocket: {
    name: 'New WebSocket session',
    url: '/ws/echo',
    actions: [
      { send: 'hello from VU ${vu}' },
      { receive: { timeout: '5s', checks: [{ body: { contains: 'hello' } }] } },
      { close: true },
    ],
  },
});
