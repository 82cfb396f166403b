/**
 * data_sent and data_received are the bytes on the wire, as k6 counts them, for every protocol and client: plain
 * HTTP/1.1 (fast client), HTTP/1.1 over TLS (fast client; undici with protocol auto), h2c and HTTP/2 over TLS
 * (undici), keep-alive on and off. Checked within 1 % against a target that counts its sockets' own bytes
 * (tests/fixtures/counting-target.ts): TLS records and handshakes, HTTP/2 frames with HPACK-compressed headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingTarget, type WireProtocol } from '../fixtures/counting-target.ts';
import { makeTestPki, type TestPki } from '../fixtures/tls.ts';
import { runYaml } from './run-helper.ts';

let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki();
});

const counter = (m: unknown): number => (m as { count: number }).count;

/** [name, target protocol, plan protocol] */
const CASES: [string, WireProtocol, string][] = [
  ['HTTP/1.1 (fast client)', 'h1', 'auto'],
  ['HTTP/1.1 over TLS (fast client)', 'h1-tls', 'http1'],
  ['HTTP/1.1 over TLS (undici)', 'h1-tls', 'auto'],
  ['h2c (undici)', 'h2c', 'h2c'],
  ['HTTP/2 over TLS (undici)', 'h2-tls', 'http2'],
];

describe.each(CASES)('bytes on the wire, %s', (_name, protocol, planProtocol) => {
  const targets: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
  });

  it.each([true, false])(
    'keep-alive %s: data_sent and data_received within 1 percent of what the target counted',
    async (keepAlive) => {
      const target = await startCountingTarget(protocol, pki);
      targets.push(target);
      const { summary } = await runYaml(
        `
version: 1
name: wire bytes
defaults:
  baseUrl: "\${env.BASE}"
  headers: { X-Pad: "${'p'.repeat(300)}" }
  http: { protocol: ${planProtocol}, keepAlive: ${keepAlive}, tls: { caFile: ${JSON.stringify(pki.caFile)} } }
scenarios:
  s: { executor: per-vu-iterations, vus: 2, iterations: 60, steps: [{ request: { name: r, url: "/items?page=\${iter}" } }] }
`,
        { env: { BASE: target.url } },
      );
      expect(summary.metrics.http_req_failed).toMatchObject({ passes: 0 });
      expect(target.requests()).toBe(120);
      const sent = counter(summary.metrics.data_sent);
      const received = counter(summary.metrics.data_received);
      expect(
        Math.abs(sent - target.bytesIn()) / target.bytesIn(),
        `sent ${sent}, the target read ${target.bytesIn()}`,
      ).toBeLessThan(0.01);
      expect(
        Math.abs(received - target.bytesOut()) / target.bytesOut(),
        `received ${received}, the target wrote ${target.bytesOut()}`,
      ).toBeLessThan(0.01);
    },
  );
});
