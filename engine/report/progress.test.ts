/**
 * The progress line's total is when the plan ends (`running (20s/35s)` for 5 s startTime + 30 s), not the bound
 * with every graceful stop (1m5s); the graceful stop shows only once iterations run past the planned end.
 */
import { describe, expect, it } from 'vitest';
import { timelinePoint } from '../metrics/timeline.ts';
import type { Plan, Scenario } from '../plan/schema/index.ts';
import { planMaxDurationMs } from '../plan/schedule.ts';
import type { RunInfo, Tick } from '../runtime/run-handle.ts';
import { plannedEndMs } from './planned-end.ts';
import { Progress } from './progress.ts';

const steps: Scenario['steps'] = [{ request: { url: '/x' } }];
const plan: Plan = {
  version: 1,
  name: 'p',
  scenarios: {
    warmup: { executor: 'constant-vus', vus: 2, duration: '20s', steps },
    load: {
      executor: 'ramping-vus',
      startTime: '5s',
      stages: [
        { duration: '10s', target: 10 },
        { duration: '20s', target: 10 },
      ],
      steps,
    },
  },
};

function line(elapsedMs: number, p: Plan = plan, extra: Partial<Tick> = {}): string {
  let text = '';
  const out = {
    isTTY: false,
    write: (s: string) => {
      text += s;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const info: RunInfo = { plan: p.name, scenarios: [], vusMax: 10, maxDurationMs: planMaxDurationMs(p), workers: 1 };
  const tick: Tick = {
    ...timelinePoint([], elapsedMs / 1000, 1),
    elapsedMs,
    vusMax: 10,
    thresholds: [],
    totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
    live: { requests: [], statuses: {}, errors: [] },
    ...extra,
  };
  new Progress(out, false).tick(tick, info, plannedEndMs(p));
  return text;
}

describe('the progress line', () => {
  it("counts to the planned end: the last scenario's startTime plus its stages, no graceful stop", () => {
    expect(plannedEndMs(plan)).toBe(35_000);
    expect(planMaxDurationMs(plan)).toBe(65_000);
    expect(line(20_000)).toMatch(/^ {2}running \(20s\/35s\), /);
  });

  it('past the planned end, says the graceful stop may take until the bound', () => {
    expect(line(40_000)).toMatch(/^ {2}running \(40s\/35s, graceful stop: at most 1m5s\), /);
  });

  it('an iteration-based scenario counts to its maxDuration', () => {
    const shared: Plan = {
      version: 1,
      name: 's',
      scenarios: {
        s: { executor: 'shared-iterations', vus: 2, iterations: 10, maxDuration: '1m', gracefulStop: '0s', steps },
      },
    };
    expect(line(10_000, shared)).toMatch(/^ {2}running \(10s\/1m0s\), /);
  });

  it('says when the run is paused mid-run (loadsmith pause), and the VUs the run may use now', () => {
    expect(line(20_000, plan, { control: { paused: true, targets: { load: { vus: 40 } } }, vusMax: 42 })).toMatch(
      /, 0\/42 VUs, .* · paused\n$/,
    );
    expect(line(20_000)).not.toContain('paused');
  });
});

describe('the progress line of gRPC and WebSocket steps', () => {
  const grpc = { calls: 240, failed: 6, streams: 0, streamsFailed: 0, msgsSent: 0, msgsReceived: 0 };
  const lat = { p50: 1, p95: 3.5, p99: 8, max: 9 };
  const ws = { sessions: 10, msgsSent: 30, msgsReceived: 50, errors: 0, connecting: null };

  function lines(extras: Partial<Tick>[]): string[] {
    const written: string[] = [];
    const out = { isTTY: false, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
    const info: RunInfo = { plan: 'p', scenarios: [], vusMax: 10, maxDurationMs: 60_000, workers: 1 };
    const progress = new Progress(out, false);
    extras.forEach((extra, i) =>
      progress.tick(
        {
          ...timelinePoint([], (i + 1) * 10, 2),
          elapsedMs: (i + 1) * 10_000,
          vusMax: 10,
          thresholds: [],
          totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
          live: { requests: [], statuses: {}, errors: [] },
          ...extra,
        },
        info,
        60_000,
      ),
    );
    return written;
  }

  it('shows gRPC calls/s (failed) with their p95 and WebSocket sessions and messages per second', () => {
    const [text] = lines([{ grpc: { ...grpc, latency: lat }, ws: { ...ws, errors: 2 } }]);
    expect(text).toContain(', gRPC 120/s (3/s failed) p(95)=3.5ms, WS 5/s sessions 40/s msgs (1/s errors)');
  });

  it('says nothing of them in an HTTP-only run, and keeps them once seen though a second had none', () => {
    const [http] = lines([{}]);
    expect(http).not.toMatch(/gRPC|WS/);
    const [, idle] = lines([{ grpc: { ...grpc, latency: lat } }, {}]);
    expect(idle).toContain(', gRPC 0/s p(95)=-');
    expect(idle).not.toContain('WS');
  });
});
