import { describe, expect, it } from 'vitest';
import { allowHeapCompaction, compactHeap, heapCompactionAllowed } from './heap-compaction.ts';

describe('compactHeap: the heap given back before a test starts', () => {
  it('collects garbage and returns its pages: the heap shrinks', async () => {
    // 400 × 10,000 small integers: ~32 MB of elements, garbage once the function returns.
    const grow = (): number => Array.from({ length: 400 }, (_, i) => Array.from({ length: 10_000 }, () => i)).length;
    expect(grow()).toBe(400);
    const grown = process.memoryUsage().heapTotal;
    expect(await compactHeap()).toBe(true);
    expect(grown - process.memoryUsage().heapTotal).toBeGreaterThan(20 * 2 ** 20);
  });

  it('is allowed only where a process says so (the CLI)', () => {
    expect(heapCompactionAllowed()).toBe(false);
    allowHeapCompaction();
    expect(heapCompactionAllowed()).toBe(true);
  });
});
