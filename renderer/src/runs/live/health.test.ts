import { describe, expect, it } from 'vitest';
import { generatorHealth, generatorNote, shouldWarn } from './health.ts';
import { point, summary } from './testing.ts';

const load = (cpu: number, elu: number) => ({ generator: { cpu, elu, loopDelayP99Ms: 1 } });

describe('generator health', () => {
  it('stays quiet while the generator keeps up', () => {
    const h = generatorHealth([point(1, load(0.5, 0.6)), point(2, load(0.89, 0.2))]);
    expect(h).toEqual({ busySeconds: 0, seconds: 2, now: null, peak: { cpu: 0.89, elu: 0.6 } });
    expect(shouldWarn(h)).toBe(false);
  });

  it('warns when saturated now (CPU or event loop), or for two seconds so far', () => {
    const now = generatorHealth([point(1), point(2, load(0.1, 0.95))]);
    expect(now.now).toEqual({ cpu: 0.1, elu: 0.95 });
    expect(shouldWarn(now)).toBe(true);
    const past = generatorHealth([point(1, load(0.95, 0)), point(2, load(0, 0.9)), point(3)]);
    expect(past).toMatchObject({ busySeconds: 2, now: null });
    expect(shouldWarn(past)).toBe(true);
    expect(shouldWarn(generatorHealth([point(1, load(0.95, 0)), point(2)]))).toBe(false);
  });

  it('ignores the sliver of a last interval and finds the engine note of a finished run', () => {
    expect(generatorHealth([point(1), point(1.1, { span: 0.1, ...load(1, 1) })]).busySeconds).toBe(0);
    expect(generatorNote(summary({ notes: ['x', 'the load generator was saturated for 3 of 10 seconds'] }))).toMatch(
      /3 of 10/,
    );
    expect(generatorNote(summary())).toBeUndefined();
  });
});
