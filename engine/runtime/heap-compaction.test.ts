import { describe, expect, it } from 'vitest';
import { allowHeapCompaction, compactHeap, heapCompactionAllowed } from './heap-compaction.ts';

describe('compactHeap: the heap given back before a test starts', () => {
  it('collects garbage and returns its pages: the heap shrinks', async () => {
    let garbage: number[][] | undefined = Array.from({ length: 400 }, (_, i) =>
      Array.from({ length: 10_000 }, () => i),
    );
    const grown = process.memoryUsage().heapTotal;
    expect(garbage.length).toBe(400);
    garbage = undefined;
    expect(await compactHeap()).toBe(true);
    const after = process.memoryUsage().heapTotal;
    // 400 × 10,000 small integers: ~32 MB of elements, all garbage now.
    expect(grown - after).toBeGreaterThan(20 * 2 ** 20);
  });

  it('is allowed only where a process says so (the CLI)', () => {
    expect(heapCompactionAllowed()).toBe(false);
    allowHeapCompaction();
    expect(heapCompactionAllowed()).toBe(true);
  });
});
