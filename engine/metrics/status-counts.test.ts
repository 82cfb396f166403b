import { describe, expect, it } from 'vitest';
import { Session } from 'node:inspector/promises';
import { getHeapStatistics } from 'node:v8';
import { StatusCounts, sumStatusCounts } from './status-counts.ts';

describe('StatusCounts', () => {
  it('sums counts by status code into a plain object, codes in ascending order', () => {
    const c = new StatusCounts();
    c.add(503, 1);
    c.add('200', 5);
    c.add(200, 2);
    c.add(0, 4);
    const o = c.toObject();
    expect(o).toEqual({ 0: 4, 200: 7, 503: 1 });
    expect(Object.keys(o)).toEqual(['0', '200', '503']);
    expect(JSON.stringify(o)).toBe('{"0":4,"200":7,"503":1}');
    expect(new StatusCounts().toObject()).toEqual({});
  });

  it('sums two objects of counts', () => {
    expect(sumStatusCounts({ 200: 3, 404: 1 }, { 200: 2, 500: 6 })).toEqual({ 200: 5, 404: 1, 500: 6 });
    expect(sumStatusCounts({}, {})).toEqual({});
  });

  it('keeps an object of one status small: a fifth of what assigning the key costs', async () => {
    const session = new Session();
    session.connect();
    // Live heap only: a full collection before each reading.
    const heap = async (): Promise<number> => {
      await session.post('HeapProfiler.collectGarbage');
      return getHeapStatistics().used_heap_size;
    };
    const cost = async (make: () => object): Promise<number> => {
      const keep: object[] = [];
      const before = await heap();
      for (let i = 0; i < 2000; i++) keep.push(make());
      const per = ((await heap()) - before) / keep.length;
      expect(keep).toHaveLength(2000);
      return per;
    };
    const assigned = await cost(() => {
      const o: Record<string, number> = {};
      o['200'] = 1;
      return o;
    });
    const compact = await cost(() => {
      const c = new StatusCounts();
      c.add(200, 1);
      return c.toObject();
    });
    session.disconnect();
    expect(assigned).toBeGreaterThan(2000);
    expect(compact).toBeLessThan(assigned / 5);
  });
});
