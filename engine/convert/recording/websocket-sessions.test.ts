/** A recorded WebSocket session among HTTP requests -> a websocket step in its place, its credentials kept out. */
import { describe, expect, it } from 'vitest';
import type { Step } from '../../plan/schema/index.ts';
import { planToYaml } from '../plan-yaml.ts';
import { convertRecording } from './convert.ts';
import { recordingToHar } from './har-export.ts';
import { harToRecording } from './har-import.ts';
import { findSecrets } from './secrets.ts';
import { x } from './testing.ts';
import type { RecordedExchange, RecordedWebSocketMessage } from './types.ts';

const SECRET = 'ws-s3cr3t-7h9k2m4p';

function recording(): RecordedExchange[] {
  const t = Date.UTC(2026, 0, 1, 12, 0, 0);
  const m = (type: 'send' | 'receive', ms: number, data: string, opcode = 1): RecordedWebSocketMessage => ({
    type,
    time: t + ms,
    opcode,
    data,
  });
  return [
    x(1, 'GET', '/app', { dest: 'document', responseHeaders: [['Content-Type', 'text/html']] }),
    {
      ...x(2, 'GET', '/live', { dest: 'websocket', status: 101 }),
      url: 'wss://shop.test/live?room=1',
      requestHeaders: [
        ['Host', 'shop.test'],
        ['Upgrade', 'websocket'],
        ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
        ['Sec-WebSocket-Version', '13'],
        ['Sec-WebSocket-Protocol', 'live.v1'],
      ],
      responseHeaders: [['Sec-WebSocket-Protocol', 'live.v1']],
      webSocket: {
        messages: [
          m('send', 10, `{"type":"auth","token":"${SECRET}"}`),
          m('receive', 30, '{"type":"ready"}'),
          m('send', 1500, 'AAEC', 2),
          m('receive', 1510, 'AAEC', 2),
        ],
        dropped: 2,
      },
    },
    x(3, 'GET', '/api/items', { responseHeaders: [['Content-Type', 'application/json']] }),
  ];
}

const kinds = (steps: readonly Step[]): string[] =>
  steps.flatMap((s) =>
    'group' in s ? kinds(s.group.steps) : ['request' in s ? `request ${s.request.url}` : Object.keys(s)[0]!],
  );

describe('a recorded WebSocket session', () => {
  it('becomes a websocket step where it was among the requests, with its messages, and no credential in the plan', () => {
    const r = convertRecording(recording(), { name: 'live', groupBy: 'none', thinkTimes: false });
    const steps = r.plan.scenarios.imported!.steps;
    expect(kinds(steps)).toEqual(['request /app', 'websocket', 'request /api/items']);
    const ws = steps.flatMap((s) => ('websocket' in s ? [s.websocket] : []))[0]!;
    expect(ws).toMatchObject({ url: '/live?room=1', subprotocols: ['live.v1'] });
    expect(ws.headers).toBeUndefined();
    expect(ws.actions).toEqual([
      { send: '{"type":"auth","token":"${env.TOKEN}"}' },
      { receive: {} },
      { pause: '1470ms' },
      { send: { binary: 'AAEC' } },
      { receive: {} },
      { close: true },
    ]);
    expect(r.env).toContain('TOKEN');
    expect(planToYaml(r.plan)).not.toContain(SECRET);
    expect(r.notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a WebSocket session: 2 messages sent and 2 received/),
        expect.stringMatching(/^2 more messages after the recording's limit per session were not recorded/),
      ]),
    );
  });

  it('is flagged as holding a secret, and its HAR export redacts it and imports back as the same session', () => {
    const [, session] = recording();
    expect(findSecrets(session!).fields).toEqual(['sent message json $.token']);
    const { text } = recordingToHar(recording());
    expect(text).not.toContain(SECRET);
    const back = harToRecording(recordingToHar(recording(), { includeSecrets: true }).text);
    expect(back[1]?.webSocket).toEqual({
      messages: recording()[1]!.webSocket!.messages.map((m) => ({ ...m, size: expect.any(Number) })),
      dropped: 2,
    });
  });
});
