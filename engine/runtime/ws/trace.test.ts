/** Validate (traceIteration) shows a WebSocket session: handshake, messages in order with times, checks, close. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Plan } from '../../plan/schema/index.ts';
import { traceIteration } from '../trace/trace-iteration.ts';
import { startEchoServer, type EchoServer } from './testing.ts';

let server: EchoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Validate with a websocket step', () => {
  it('reports the exchange in order, with checks, extractions and how it closed, inside a loop pass by pass', async () => {
    server = await startEchoServer({ greet: ['{"type":"welcome","id":3}'] });
    const plan = {
      version: 1,
      name: 'ws',
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            {
              repeat: {
                times: 2,
                steps: [
                  {
                    websocket: {
                      name: 'chat',
                      url: server.url,
                      subprotocols: ['chat.v1'],
                      checks: [{ status: 101 }],
                      actions: [
                        { receive: { extract: { id: { jsonPath: '$.id' } } } },
                        { send: 'hi ${id} #${index}' },
                        { receive: { checks: [{ body: { contains: 'hi 3' } }] } },
                        { ping: true },
                        { send: { binary: 'AAE=' } },
                        { receive: { match: { body: { equals: 'never' } }, timeout: '100ms' } },
                      ],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    } as unknown as Plan;
    const t = await traceIteration(plan);
    expect(t.websockets).toHaveLength(2);
    const [first, second] = t.websockets;
    expect(first).toMatchObject({
      scenario: 's',
      path: ['scenarios', 's', 'steps', 0, 'repeat', 'steps', 0],
      name: 'chat',
      url: server.url,
      status: 101,
      protocol: 'chat.v1',
      error: { kind: 'ws-timeout', message: 'receive 6: no matching message within 100 ms' },
      closed: { code: 1000, by: 'client' },
      passes: [0],
      checks: [
        { name: 'status is 101', ok: true },
        { name: 'receive 3: body contains "hi 3"', ok: true },
      ],
      extracted: [{ variable: 'id', ok: true, value: 3 }],
    });
    expect(first?.messages.map((m) => [m.direction, m.data, m.binary])).toEqual([
      ['received', '{"type":"welcome","id":3}', false],
      ['sent', 'hi 3 #0', false],
      ['received', 'hi 3 #0', false],
      ['ping', '', false],
      ['pong', '', false],
      ['sent', 'AAE=', true],
      ['received', 'AAE=', true],
    ]);
    // Which receive read each message, and whether it was the one it waited for: the last receive read the binary
    // echo and skipped it (it waits for 'never').
    expect(first?.messages.map((m) => [m.receive, m.matched])).toEqual([
      ['receive 1', true],
      [undefined, undefined],
      ['receive 3', true],
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
      ['receive 6', false],
    ]);
    expect(first?.closed?.atMs).toBeGreaterThanOrEqual(first?.messages.at(-1)?.atMs ?? Infinity);
    const times = first?.messages.map((m) => m.atMs) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(first?.connectingMs).toBeGreaterThan(0);
    expect(second?.passes).toEqual([1]);
    expect(second?.messages[1]?.data).toBe('hi 3 #1');
  }, 20_000);
});
