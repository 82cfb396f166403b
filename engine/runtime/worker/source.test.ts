import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startWorker, useWorker, workerSource } from './source.ts';

describe('where worker threads start from', () => {
  it('in a checkout, from the bundle of the current sources, not from TypeScript', async () => {
    const source = await workerSource();
    expect('url' in source && source.url.pathname.endsWith('/engine/dist/worker.mjs')).toBe(true);
  });

  it('from evaluated CommonJS code when an entry point gives code (the single executable has no files)', async () => {
    const worker = startWorker(
      { code: "require('node:worker_threads').parentPort.postMessage(require('node:worker_threads').workerData * 2)" },
      { workerData: 21 },
    );
    const [message] = (await once(worker, 'message')) as [number];
    await worker.terminate();
    expect(message).toBe(42);
  });

  it('from what an entry point chose, once it chose', async () => {
    const url = new URL('file:///opt/loadsmith/dist/worker.mjs');
    useWorker(() => ({ url }));
    expect(await workerSource()).toEqual({ url });
  });
});
