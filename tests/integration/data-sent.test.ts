/**
 * data_sent and data_received end to end: the summary's byte counters against the bytes a raw HTTP/1.1 server
 * (node:net, no HTTP library in between) actually read from and wrote to its sockets.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runYaml } from './run-helper.ts';

/** A fixed keep-alive response, written once per complete request. */
const RESPONSE =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n{"ok":true}';
const CRLF2 = Buffer.from('\r\n\r\n');

interface Capture {
  bytesIn: number;
  bytesOut: number;
  connections: number;
  requests: { head: string; body: string }[];
}

let server: Server;
let base: string;
const sockets = new Set<Socket>();
let capture: Capture;

beforeAll(async () => {
  server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    capture.connections++;
    let buf = Buffer.alloc(0);
    s.on('data', (chunk: Buffer) => {
      capture.bytesIn += chunk.length;
      buf = Buffer.concat([buf, chunk]);
      // Answer every complete request (head, then content-length bytes of body) in the buffer.
      for (;;) {
        const end = buf.indexOf(CRLF2);
        if (end < 0) return;
        const head = buf.subarray(0, end + 4).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        capture.requests.push({ head, body: buf.subarray(end + 4, end + 4 + length).toString('utf8') });
        buf = buf.subarray(end + 4 + length);
        s.write(RESPONSE);
        capture.bytesOut += Buffer.byteLength(RESPONSE);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  capture = { bytesIn: 0, bytesOut: 0, connections: 0, requests: [] };
});

const counter = (m: unknown): number => {
  if (!m || typeof m !== 'object' || (m as { type?: unknown }).type !== 'counter')
    throw new Error(`not a counter: ${JSON.stringify(m)}`);
  return (m as { count: number }).count;
};

describe('data_sent and data_received', () => {
  it('equal the bytes a raw server received and sent, for N POSTs with a JSON body', async () => {
    const vus = 2;
    const iterations = 5;
    const n = vus * iterations;
    const { summary } = await runYaml(
      `
version: 1
name: data sent
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: ${vus}
    iterations: ${iterations}
    steps:
      - request:
          name: create
          method: POST
          url: /items?src=test
          headers: { X-Trace: abc-123 }
          json: { name: "Zoë", qty: 3, tags: [a, b], nested: { ok: true } }
`,
      { env: { BASE: base } },
    );

    // The plan did what the comparison assumes: N complete POSTs with the JSON body, all answered.
    expect(summary.metrics.http_reqs).toMatchObject({ count: n });
    expect(summary.metrics.http_req_failed).toMatchObject({ rate: 0 });
    expect(capture.requests).toHaveLength(n);
    for (const r of capture.requests) {
      expect(r.head.startsWith('POST /items?src=test HTTP/1.1\r\n')).toBe(true);
      expect(JSON.parse(r.body)).toEqual({ name: 'Zoë', qty: 3, tags: ['a', 'b'], nested: { ok: true } });
    }
    expect(capture.bytesOut).toBe(n * Buffer.byteLength(RESPONSE));

    expect(counter(summary.metrics.data_received)).toBe(capture.bytesOut);
    expect(counter(summary.metrics.data_sent)).toBe(capture.bytesIn);
  });
});
