/**
 * Pins what exchange.ts assumes of undici: right after a request's onRequestStart, in the same call, undici publishes
 * the request head and its socket on the `undici:client:sendHeaders` diagnostics channel. exchange.ts hands the
 * starting exchange to its subscriber through one module variable, so if a future undici published later (a
 * microtask, a tick, a turn), another request could start in between and take its socket and head size (connect
 * phases, headBytes, data_sent), or the head would never be matched. HTTP/1.1 and h2c (HTTP/2 is written apart).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import { createServer as createH2cServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './dispatchers.ts';

const CHANNEL = 'undici:client:sendHeaders';

let h1: Server;
let h2c: Http2Server;
const origin = (s: Server | Http2Server): string => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  h1 = createServer((_req, res) => res.end('ok'));
  h2c = createH2cServer((_req, res) => res.end('ok'));
  await Promise.all([h1, h2c].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});
afterAll(async () => {
  h1.closeAllConnections();
  await Promise.all([new Promise((r) => h1.close(r)), new Promise((r) => h2c.close(r))]);
});

/**
 * Dispatches `n` requests in one turn and records, in order: each onRequestStart, each publication on the channel
 * (with the path of the head it carries), and a microtask and a tick queued by each onRequestStart: anything undici
 * deferred after calling onRequestStart would come after those.
 */
async function startsAndHeads(agent: Dispatcher, url: string, n: number): Promise<string[]> {
  const events: string[] = [];
  const onHeaders = (message: unknown): void => {
    const { headers } = message as { headers: string };
    // HTTP/1.1: the request line; HTTP/2: the :path pseudo-header of the header block.
    events.push(`headers ${/(?:^GET |^:path: )(\/\S*)/m.exec(headers)?.[1] ?? JSON.stringify(headers)}`);
  };
  subscribe(CHANNEL, onHeaders);
  try {
    await Promise.all(
      Array.from(
        { length: n },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            const path = `/r${i}`;
            agent.dispatch(
              { origin: url, path, method: 'GET' },
              {
                onRequestStart() {
                  events.push(`start ${path}`);
                  queueMicrotask(() => events.push(`microtask ${path}`));
                  process.nextTick(() => events.push(`tick ${path}`));
                },
                onResponseStart() {
                  /* the status does not matter here */
                },
                onResponseData() {
                  /* nor the body */
                },
                onResponseEnd() {
                  resolve();
                },
                onResponseError(_c, err) {
                  reject(err);
                },
              },
            );
          }),
      ),
    );
  } finally {
    unsubscribe(CHANNEL, onHeaders);
  }
  return events;
}

describe.each([
  [
    'HTTP/1.1',
    () => createAgent({ protocol: 'http1', insecure: false }, { connections: 4, connectTimeoutMs: 5000 }).ready(),
    () => origin(h1),
  ],
  [
    'h2c',
    () => createAgent({ protocol: 'h2c', insecure: false }, { connections: 4, connectTimeoutMs: 5000 }).ready(),
    () => origin(h2c),
  ],
] as const)('undici publishes sendHeaders synchronously after onRequestStart (%s)', (_name, makeAgent, url) => {
  it("each request's head comes right after its own onRequestStart, before anything that start deferred", async () => {
    const agent = await makeAgent();
    try {
      const events = await startsAndHeads(agent, url(), 3);
      const starts = events.filter((e) => e.startsWith('start '));
      expect(starts).toHaveLength(3);
      for (const start of starts) {
        const path = start.slice('start '.length);
        expect(events[events.indexOf(start) + 1], `what followed ${start} in ${JSON.stringify(events)}`).toBe(
          `headers ${path}`,
        );
        expect(events.indexOf(`microtask ${path}`)).toBeGreaterThan(events.indexOf(start) + 1);
        expect(events.indexOf(`tick ${path}`)).toBeGreaterThan(events.indexOf(start) + 1);
      }
    } finally {
      await agent.destroy();
    }
  });
});
