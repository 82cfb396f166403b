/** The HTML report's key numbers include gRPC calls, their p(95) and streams when the run made any. */
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../compare/testing.ts';
import { keyNumbers } from './key-numbers.ts';

describe('gRPC key numbers', () => {
  it('are shown for a run with gRPC calls, and not for one without', () => {
    const s = fakeSummary();
    expect(keyNumbers(s).some((k) => k.label.startsWith('gRPC'))).toBe(false);
    s.metrics.grpc_req_duration = {
      type: 'trend',
      unit: 'ms',
      count: 1234,
      avg: 5,
      min: 1,
      med: 4,
      max: 90,
      p90: 9,
      p95: 12.5,
      p99: 40,
    };
    s.metrics.grpc_streams = { type: 'counter', unit: 'count', count: 7, rate: 0.7 };
    expect(
      keyNumbers(s)
        .filter((k) => k.label.startsWith('gRPC'))
        .map((k) => [k.key, k.label, k.text]),
    ).toEqual([
      ['metrics.grpc_req_duration.count', 'gRPC calls', '1,234'],
      ['metrics.grpc_req_duration.p95', 'gRPC p(95)', '12.5ms'],
      ['metrics.grpc_streams.count', 'gRPC streams', '7'],
    ]);
  });
});
