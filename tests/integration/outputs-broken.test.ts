/**
 * A broken metrics backend costs a run nothing but a warning: the same plan runs without outputs, into a dead
 * endpoint (nothing listens) and into a slow one (accepts, never answers). Throughput and the summary stay the
 * same (measured here, within a generous bound for shared machines); drops are warned once and noted in the
 * summary; the end of the run waits about a second for an endpoint that fails or does not answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNHEALTHY_GRACE_MS } from '../../engine/outputs/sender.ts';
import { startTargetServer, unusedPort, type TargetServer } from '../fixtures/target-server.ts';
import { streamedRun, type StreamedRun } from '../fixtures/metric-stores/run.ts';

let server: TargetServer;
let slow: Server;
const runs: Record<'baseline' | 'dead' | 'slow', StreamedRun> = {} as never;
const SECONDS = 4;

const timed = (outs: string[]): Promise<StreamedRun> => streamedRun(server.url, outs, { seconds: SECONDS });

beforeAll(async () => {
  server = await startTargetServer();
  slow = createServer(() => {
    /* accepts the request, never answers */
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  const dead = await unusedPort();
  runs.baseline = await timed([]);
  runs.dead = await timed([`prometheus-rw=http://127.0.0.1:${dead}/api/v1/write`]);
  runs.slow = await timed([`otlp=http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1/metrics`]);
  console.log(
    Object.entries(runs)
      .map(
        ([k, r]) =>
          `${k}: ${r.summary._rps.toFixed(1)} req/s, ${r.summary._total} requests, summary ${r.endToSummaryMs} ms after the run`,
      )
      .join('; '),
  );
}, 240_000);
afterAll(async () => {
  slow?.closeAllConnections();
  slow?.close();
  await server?.close();
});

describe('a dead or slow metrics endpoint', () => {
  it('leaves throughput as without outputs (within a generous 50 %: shared machines), and the summary whole', () => {
    const base = runs.baseline.summary;
    for (const name of ['dead', 'slow'] as const) {
      const s = runs[name].summary;
      expect(s._rps, name).toBeGreaterThan(base._rps * 0.5);
      expect(s.status, name).toBe('passed');
      expect(s.stoppedBy, name).toBe('completed');
      expect(Object.keys(s.metrics).sort(), name).toEqual(Object.keys(base.metrics).sort());
      expect(s.timeline.length, name).toBe(base.timeline.length);
      expect(s.durationMs, name).toBeLessThan(base.durationMs + 1_000);
    }
  });

  it('delays the summary by the short grace for a failing or stuck endpoint at most', () => {
    // Measured from the run's end to the summary on stdout: the CLI's start-up time is not in it.
    for (const name of ['dead', 'slow'] as const)
      expect(runs[name].endToSummaryMs, name).toBeLessThan(runs.baseline.endToSummaryMs + UNHEALTHY_GRACE_MS + 1_000);
  });

  it('warns once while running and notes the dropped seconds in the summary', () => {
    const dead = runs.dead;
    expect(dead.cli.stderr.match(/warning: prometheus-rw: cannot write to/g)).toHaveLength(1);
    expect(dead.cli.stderr).toMatch(
      /warning: prometheus-rw: cannot write to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/write: the endpoint refused the connection \(ECONNREFUSED\); retrying/,
    );
    const deadNote = dead.summary.notes.find((n) => n.startsWith('prometheus-rw:'));
    expect(deadNote).toMatch(
      new RegExp(
        `^prometheus-rw: (\\d+) of \\1 batches \\(seconds of metrics\\) dropped: the endpoint refused the connection \\(ECONNREFUSED\\)$`,
      ),
    );
    expect(Number(/(\d+) of/.exec(deadNote!)![1])).toBeGreaterThanOrEqual(SECONDS);
    expect(dead.cli.stdout).toContain(deadNote);

    const slowNote = runs.slow.summary.notes.find((n) => n.startsWith('otlp:'));
    expect(slowNote).toMatch(
      /^otlp: \d+ of \d+ batches \(seconds of metrics\) dropped: the endpoint did not take them in the 1 s the end of the run waits/,
    );
    expect(runs.baseline.summary.notes.join('\n')).not.toMatch(/prometheus-rw|otlp/);
  });
});
