import { describe, expect, it } from 'vitest';
import type { TimelinePoint } from '../metrics/timeline.ts';
import { CpuMeter, generatorNote, isBusy } from './generator-load.ts';

const point = (elu: number, cpu = 0, span = 1): TimelinePoint =>
  ({ generator: { cpu, elu, loopDelayP99Ms: 0 }, span }) as TimelinePoint;

describe('generator self-monitoring', () => {
  it('calls the generator busy above 90% of its event loop or of all cores', () => {
    expect(isBusy({ cpu: 0.2, elu: 0.91, loopDelayP99Ms: 0 })).toBe(true);
    expect(isBusy({ cpu: 0.95, elu: 0.5, loopDelayP99Ms: 0 })).toBe(true);
    expect(isBusy({ cpu: 0.5, elu: 0.5, loopDelayP99Ms: 0 })).toBe(false);
  });

  it('warns when it was saturated for a meaningful part of the run only', () => {
    expect(generatorNote([point(0.95), point(0.2), point(0.3)])).toBeUndefined(); // one busy second
    const note = generatorNote([point(0.95), point(0.97, 0.5), point(0.3), point(0.99, 0.2, 0.1)]);
    expect(note).toMatch(/saturated for 2 of 4 seconds \(worker event loop busy up to 97%/);
  });

  it('counts seconds, not points, in a compacted timeline', () => {
    // 64 s points: one busy point is 64 s of a 256 s run, a meaningful part.
    const note = generatorNote([point(0.95, 0, 64), point(0.2, 0, 64), point(0.3, 0, 64), point(0.3, 0, 64)]);
    expect(note).toMatch(/saturated for 64 of 256 seconds/);
  });

  it('measures CPU used by this process as a share of all cores', async () => {
    const meter = new CpuMeter();
    const until = performance.now() + 150;
    while (performance.now() < until) {
      /* keep one core busy */
    }
    const share = meter.take();
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThanOrEqual(1);
  });
});
