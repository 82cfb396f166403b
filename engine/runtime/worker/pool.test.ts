import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerPool, type PoolListener } from './pool.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** A worker thread's stand-in: records what it is sent and whether it was terminated; the test plays its messages. */
class FakeWorker extends EventEmitter {
  readonly sent: ToWorker[] = [];
  terminated = false;
  postMessage(m: ToWorker): void {
    this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(m: FromWorker): void {
    this.emit('message', m);
  }
}

function pool(n: number): { workers: FakeWorker[]; pool: WorkerPool; heard: string[]; notes: string[] } {
  const workers = Array.from({ length: n }, () => new FakeWorker());
  const heard: string[] = [];
  const notes: string[] = [];
  const listener: PoolListener = {
    sample: (w, s) => heard.push(`sample ${w} ${JSON.stringify(s)}`),
    gone: (w, why, last) => heard.push(`gone ${w}${why ? ` (${why})` : ''}${last ? ' last' : ''}`),
    results: (stats) => heard.push(`results ${stats.length}`),
    note: (text) => notes.push(text),
  };
  return { workers, pool: new WorkerPool(workers, listener), heard, notes };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the worker pool', () => {
  it('is ready when every worker is ready, and sends to each', async () => {
    const { workers, pool: p } = pool(2);
    workers[0]?.say({ cmd: 'ready' });
    expect(await settled(p.ready)).toBe(false);
    workers[1]?.say({ cmd: 'ready' });
    expect(await settled(p.ready)).toBe(true);
    p.post({ cmd: 'start', t0: 123 });
    expect(workers.map((w) => w.sent)).toEqual([[{ cmd: 'start', t0: 123 }], [{ cmd: 'start', t0: 123 }]]);
  });

  it('does not wait for a worker that died before it was ready, nor send to it', async () => {
    const { workers, pool: p, heard } = pool(2);
    workers[0]?.say({ cmd: 'ready' });
    workers[1]?.emit('error', new Error('out of memory'));
    expect(await settled(p.ready)).toBe(true);
    expect(heard).toEqual(['gone 1 (worker 1 crashed: out of memory)']);
    expect(p.size).toBe(1);
    p.post({ cmd: 'stop' });
    expect(workers.map((w) => w.sent.length)).toEqual([1, 0]);
  });

  it('hands on samples and results, and ends when the last worker exits', async () => {
    const { workers, pool: p, heard } = pool(2);
    workers[0]?.say({ cmd: 'sample', sample: { second: 0 } as never });
    workers[0]?.say({ cmd: 'done', results: [] });
    expect(workers[0]?.terminated).toBe(true);
    workers[0]?.emit('exit');
    workers[0]?.emit('exit'); // an exit after an error: counted once
    expect(await settled(p.ended)).toBe(false);
    workers[1]?.emit('exit');
    expect(await settled(p.ended)).toBe(true);
    expect(heard).toEqual(['sample 0 {"second":0}', 'results 0', 'gone 0', 'gone 1 last']);
  });

  it('takes a fatal worker out and terminates it; the others go on', () => {
    const { workers, pool: p, heard } = pool(2);
    workers[1]?.say({ cmd: 'fatal', message: 'cannot compile the plan' });
    expect(heard).toEqual(['gone 1 (worker 1 failed: cannot compile the plan)']);
    expect(workers[1]?.terminated).toBe(true);
    expect(p.size).toBe(1);
  });

  it('on abort, terminates the workers still running after the grace period, with a note', () => {
    vi.useFakeTimers();
    const { workers, pool: p, notes } = pool(2);
    p.abort(5_000);
    p.abort(5_000); // a second abort re-sends, but keeps the first deadline
    expect(workers[0]?.sent).toEqual([{ cmd: 'abort' }, { cmd: 'abort' }]);
    workers[0]?.emit('exit');
    vi.advanceTimersByTime(4_999);
    expect(workers[1]?.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(workers.map((w) => w.terminated)).toEqual([false, true]);
    expect(notes).toEqual(['worker 1 did not stop in time and was terminated; its last second of data is missing']);
  });

  it('once closed, terminates nothing when the grace period would have ended', () => {
    vi.useFakeTimers();
    const { workers, pool: p } = pool(1);
    p.abort(5_000);
    p.close();
    vi.advanceTimersByTime(10_000);
    expect(workers[0]?.terminated).toBe(false);
  });
});
