import { describe, expect, it } from 'vitest';
import { parseGhz, parseK6Grpc, parseLoadsmithGrpc } from './parse-grpc.ts';

// From a real `ghz -O json` run against bench/grpc-target (its per-call "details" left out), with --duration-stop
// close: the calls the end of the run cut short show as Canceled and Unavailable.
const GHZ = {
  count: 53776,
  total: 4001050684,
  average: 3678242,
  rps: 13440.469578415368,
  errorDistribution: {
    'rpc error: code = Canceled desc = grpc: the client connection is closing': 1,
    'rpc error: code = Unavailable desc = transport is closing': 50,
  },
  statusCodeDistribution: { Canceled: 1, OK: 53725, Unavailable: 50 },
  latencyDistribution: [
    { percentage: 10, latency: 974493 },
    { percentage: 50, latency: 1636186 },
    { percentage: 99, latency: 25907081 },
  ],
};

describe('parseGhz', () => {
  it('reads calls, rate, percentiles in ms and the calls that did not end OK', () => {
    expect(parseGhz(JSON.stringify(GHZ))).toEqual({
      requests: 53776,
      rps: 13440.469578415368,
      p50Ms: 1.636186,
      p99Ms: 25.907081,
      errors: 51,
    });
  });

  it('counts every call as an error when none ended OK, and has no percentiles without a distribution', () => {
    const r = parseGhz(
      JSON.stringify({ count: 7, rps: 3.5, statusCodeDistribution: { Unavailable: 7 }, latencyDistribution: null }),
    );
    expect(r.errors).toBe(7);
    expect(r.p50Ms).toBeNaN();
  });

  it('fails on a report without a call count (a run that did not happen must not read as zero)', () => {
    expect(() => parseGhz('{"rps": 0}')).toThrow(/ghz: no call count/);
  });
});

describe('parseK6Grpc', () => {
  it('counts iterations as calls and failed status checks as errors', () => {
    const summary = {
      metrics: {
        iterations: { count: 8011, rate: 1937.5 },
        grpc_req_duration: { avg: 23.8, med: 7.32, 'p(99)': 298.2 },
        checks: { passes: 8000, fails: 11, value: 0.99 },
      },
    };
    expect(parseK6Grpc(JSON.stringify(summary))).toEqual({
      requests: 8011,
      rps: 1937.5,
      p50Ms: 7.32,
      p99Ms: 298.2,
      errors: 11,
    });
  });

  it('fails without iterations', () => {
    expect(() => parseK6Grpc('{"metrics": {}}')).toThrow(/k6: no call count/);
  });
});

describe('parseLoadsmithGrpc', () => {
  it('counts grpc_req_duration values as calls over the run, and only gRPC statuses as errors', () => {
    const summary = {
      durationMs: 8000,
      metrics: { grpc_req_duration: { count: 40000, med: 4.88, p99: 46.4 } },
      errors: [
        { kind: 'grpc-unavailable', count: 3 },
        { kind: 'grpc-deadline-exceeded', count: 2 },
        { kind: 'template', count: 9 },
      ],
    };
    expect(parseLoadsmithGrpc(JSON.stringify(summary))).toEqual({
      requests: 40000,
      rps: 5000,
      p50Ms: 4.88,
      p99Ms: 46.4,
      errors: 5,
    });
  });

  it('fails on a summary without gRPC calls', () => {
    expect(() => parseLoadsmithGrpc('{"durationMs": 8000, "metrics": {}, "errors": []}')).toThrow(
      /loadsmith: no call count/,
    );
  });
});
