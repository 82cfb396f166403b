/** One message on the `/api/events` WebSocket: JSON `{ event, payload }`. Anything else is ignored, not thrown. */

export interface EventMessage {
  event: string;
  payload: unknown;
}

/** The event in a WebSocket message, or null when the message is not one (binary, bad JSON, wrong shape). */
export function parseEventMessage(data: unknown): EventMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event, payload } = value as Record<string, unknown>;
  return typeof event === 'string' ? { event, payload } : null;
}

/** The events URL on the page's own host: ws: for http:, wss: for https:. */
export function eventsUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/events`;
}
