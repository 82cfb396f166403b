/**
 * The generator's own JavaScript cost per request, without sockets (run by hand while optimising):
 *   node bench/engine-overhead.bench.ts [iterations]
 * 1. the VU interpreter, request rendering, checks and metric recording, on a client that answers at once;
 * 2. the fast client's response parser on a typical response (the Go target's);
 * 3. the metrics recorder alone.
 * CPU time per operation (process.cpuUsage), best of 5 rounds.
 */
import { MetricsRecorder } from '../engine/metrics/recorder.ts';
import { parsePlan } from '../engine/plan/parse.ts';
import { compileSteps } from '../engine/runtime/compile/steps.ts';
import type { ExchangeResult, ExchangeSpec } from '../engine/runtime/http/types.ts';
import { FastClient } from '../engine/runtime/http/fast/client.ts';
import { ResponseParser, type ParserSink } from '../engine/runtime/http/fast/parser.ts';
import { runIteration } from '../engine/runtime/vu/interpreter.ts';
import { VirtualUser } from '../engine/runtime/vu/virtual-user.ts';
import { Agent } from 'undici';

const N = Number(process.argv[2] ?? 300_000);
const RESPONSE = Buffer.from(
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Sat, 21 Nov 2026 22:00:00 GMT\r\nContent-Length: 13\r\n\r\nHello, World!',
);

function cpuNs(ops: number, fn: () => void): number {
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, ((c.user + c.system) * 1000) / ops);
  }
  return best;
}

async function cpuNsAsync(ops: number, fn: () => Promise<void>): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    await fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, ((c.user + c.system) * 1000) / ops);
  }
  return best;
}

/** A client that answers every request at once with the Go target's response. */
class InstantClient extends FastClient {
  override exchange(_spec: ExchangeSpec): Promise<ExchangeResult> {
    return Promise.resolve({
      status: 200,
      headers: { 'content-type': 'text/plain', 'content-length': '13' },
      body: undefined,
      bodyTruncated: false,
      bytesReceived: RESPONSE.length,
      bytesSent: 72,
      blocked: 1,
      lookup: 0,
      connecting: 0,
      tls: 0,
      sending: 8,
      waiting: 900,
      receiving: 4,
      duration: 912,
      error: undefined,
      interrupted: false,
      headBytes: 70,
      h2: false,
    });
  }
}

const { plan } = parsePlan(`
version: 1
name: overhead
defaults: { baseUrl: "http://127.0.0.1:8088" }
scenarios:
  s:
    executor: constant-vus
    vus: 1
    duration: 1s
    steps:
      - request: { name: hello, url: /, checks: [{ status: 200 }] }
`);
const recorder = new MetricsRecorder();
const steps = compileSteps(plan.scenarios.s!.steps, '', {
  plan,
  scenario: 's',
  scenarioTags: undefined,
  recorder,
  files: new Map(),
});
const fallback = new Agent();
const wc = {
  dispatcher: new InstantClient({ connections: 1, connectTimeoutMs: 1000, tls: undefined, fallback }),
  recorder,
  userAgent: 'loadsmith-bench',
};
const vu = new VirtualUser(1, 's', {}, 'iteration');
const iteration = await cpuNsAsync(N, async () => {
  for (let i = 0; i < N; i++) {
    vu.beginIteration(i);
    await runIteration(vu, steps, wc);
  }
});
console.log(`interpreter + request + check + metrics, per iteration: ${(iteration / 1000).toFixed(2)} µs`);

const sink: ParserSink = { onHead() {}, onBody() {}, onComplete() {} };
const parser = new ResponseParser();
const parse = cpuNs(N, () => {
  for (let i = 0; i < N; i++) {
    parser.begin(sink, false);
    parser.execute(RESPONSE, 0, RESPONSE.length);
  }
});
console.log(`response parser (Go target's response), per response:      ${(parse / 1000).toFixed(2)} µs`);

const series = recorder.requestSeries({ scenario: 's', group: '', request: 'r', method: 'GET' }, (s) => s < 400);
const t = { duration: 912, blocked: 1, lookup: 0, connecting: 0, tls: 0, sending: 8, waiting: 900, receiving: 4 };
const rec = cpuNs(N, () => {
  for (let i = 0; i < N; i++) series.record(200, t, 70, 120);
});
console.log(`recorder: one request's series record, per request:         ${(rec / 1000).toFixed(2)} µs`);
await fallback.destroy();
