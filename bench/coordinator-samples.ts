/**
 * What one worker's second of metrics costs with many request names (issue 17): the worker's flush (histograms built
 * and encoded, keys replaced by their numbers), the copy between threads (structured clone through a MessageChannel,
 * as worker.postMessage does), the coordinator's validation (zod) and its merge into the run's aggregate. Every series
 * gets 5 responses a second, as 20 VUs walking a 10,000-step plan at ~50k requests/s give it. Also the GC time and the
 * heap the run of seconds left behind.
 * --keys-every-second sends every key every second, as workers did before series-keys.ts, for comparison.
 *   node bench/coordinator-samples.ts [--names 10000] [--seconds 20] [--keys-every-second]
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { RunAggregate } from '../engine/metrics/aggregate.ts';
import { MetricsRecorder } from '../engine/metrics/recorder.ts';
import { Sample, WireSample } from '../engine/metrics/sample.ts';
import { SeriesKeyIds, SeriesKeyTable } from '../engine/metrics/series-keys.ts';

const { values: opt } = parseArgs({
  options: {
    names: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '20' },
    'keys-every-second': { type: 'boolean', default: false },
  },
});
const plain = opt['keys-every-second'];
const names = Number(opt.names);
const seconds = Number(opt.seconds);

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });

const recorder = new MetricsRecorder();
const steps = Array.from({ length: names }, (_, i) =>
  recorder.requestSeries({ scenario: 'names', group: '', request: `step ${i}`, method: 'GET' }, (s) => s < 400),
);
const ids = new SeriesKeyIds();
const table = new SeriesKeyTable();
const agg = new RunAggregate();
const { port1, port2 } = new MessageChannel();
const ms = { flush: 0, copy: 0, validate: 0, merge: 0 };
const bytes = { sent: 0 };
for (let second = 0; second < seconds; second++) {
  for (let k = 0; k < 5; k++) {
    for (let i = 0; i < names; i++) {
      const d = 500 + ((i * 7 + k * 13 + second) % 900);
      steps[i]!.record(
        200,
        { duration: d, blocked: 1, lookup: 0, connecting: 0, tls: 0, sending: 10, waiting: d - 40, receiving: 30 },
        60,
        120,
      );
    }
  }
  let t = performance.now();
  const lap = (k: keyof typeof ms): void => {
    const now = performance.now();
    ms[k] += now - t;
    t = now;
  };
  const flushed = recorder.flush(0, second, false, { names: 20 });
  const wire = plain ? flushed : ids.toWire(flushed);
  lap('flush');
  port1.postMessage({ cmd: 'sample', sample: wire });
  const received = (receiveMessageOnPort(port2)?.message as { sample: unknown }).sample;
  lap('copy');
  const sample = plain ? Sample.parse(received) : table.fromWire(WireSample.parse(received));
  if (typeof sample === 'string') throw new Error(sample);
  lap('validate');
  agg.add(sample);
  lap('merge');
  if (second === 1) bytes.sent = JSON.stringify(wire).length;
  await new Promise((resolve) => setImmediate(resolve)); // the GC observer reports between seconds
}
port1.close();
const per = (x: number): string => (x / seconds).toFixed(1);
console.log(
  `${names.toLocaleString('en')} names${plain ? ', keys every second' : ''}, ms per second of one worker's samples (mean of ${seconds}): ` +
    `flush ${per(ms.flush)} (worker), copy ${per(ms.copy)}, validate ${per(ms.validate)}, merge ${per(ms.merge)}; ` +
    `GC ${per(gcMs)}; a second's sample ${(bytes.sent / 1e6).toFixed(1)} MB as JSON; heap used after ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB; series ${agg.series.size}`,
);
