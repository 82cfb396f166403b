import { describe, expect, it } from 'vitest';
import { eventsUrl, parseEventMessage } from './event-message.ts';

describe('parseEventMessage', () => {
  it('reads {event, payload}', () => {
    expect(parseEventMessage('{"event":"run.done","payload":{"runId":"r1"}}')).toEqual({
      event: 'run.done',
      payload: { runId: 'r1' },
    });
  });

  it('ignores what is not an event', () => {
    for (const data of ['not json', '[]', 'null', '{"payload":1}', '{"event":3}', new ArrayBuffer(2)]) {
      expect(parseEventMessage(data)).toBeNull();
    }
  });
});

describe('eventsUrl', () => {
  it('uses ws: for http: and wss: for https:, on the same host', () => {
    expect(eventsUrl({ protocol: 'http:', host: '127.0.0.1:5178' })).toBe('ws://127.0.0.1:5178/api/events');
    expect(eventsUrl({ protocol: 'https:', host: 'box.example:8443' })).toBe('wss://box.example:8443/api/events');
  });
});
