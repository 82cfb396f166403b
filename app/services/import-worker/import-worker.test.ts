/**
 * Imports are parsed and converted in the import worker: another call answers while a large import converts,
 * a job over its time limit stops with a message and the next job gets a fresh worker, and the size cap says
 * what to do. Counts, not wall-clock bounds, so a loaded machine cannot fail them.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestServices, type TestServices } from '../testing.ts';
import { ImportWorker } from './client.ts';

/** 5,000 cURL commands: about a second of parsing, conversion and validation on a quiet machine. */
const BIG = Array.from(
  { length: 5000 },
  (_, i) =>
    `curl -X POST 'https://api.example.com/v1/items/${i}?q=${i}' -H 'Content-Type: application/json' --data-raw '{"name":"item ${i}","n":${i}}'`,
).join('\n');

let t: TestServices;
beforeEach(async () => {
  t = await openTestServices('import-worker');
});
afterEach(async () => {
  await t.close();
});

describe('imports off the event loop', () => {
  it('answers other calls while a large import converts', async () => {
    await t.call('plans.previewImport', { text: 'curl https://warm.example/', fileName: 'warm-up' }); // the worker's start is not the point
    let finished = false;
    const importing = t.call('plans.import', { text: BIG, fileName: 'big.sh' }).finally(() => {
      finished = true;
    });
    let answered = 0;
    while (!finished) {
      await t.call('plans.list', {});
      if (!finished) answered++;
      await new Promise((r) => setTimeout(r, 5));
    }
    const plan = await importing;
    expect(plan.requests).toBe(5000);
    // On the event loop the import would have answered first, and every other call after it.
    expect(answered).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('refuses a text over the size limit, saying what to do', async () => {
    const e = await t.fail('plans.previewImport', { text: 'x'.repeat(20_000_001), fileName: 'huge.har' });
    expect(e).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(
        /text: over the import limit of 20 million characters \(about 20 MB\): import a part of it/,
      ),
    });
  });

  it('says which file failed to convert, as before', async () => {
    expect(await t.fail('plans.import', { text: "curl 'http://x", fileName: 'pasted' })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/^pasted: line 1: unterminated ' quote/),
    });
    expect(await t.call('plans.list', {})).toEqual([]);
  });
});

describe('ImportWorker', () => {
  const workers: ImportWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
  });

  it('stops a job over its time limit, says so, and runs the next in a fresh worker', async () => {
    const w = new ImportWorker({ timeoutMs: 400 });
    workers.push(w);
    // Three times BIG: seconds of work, far over the limit (which counts from the worker's start, not its loading).
    const slow = w.run('plan-import', { text: `${BIG}\n${BIG}\n${BIG}`, fileName: 'big.sh' }, 'big.sh');
    await expect(slow).rejects.toMatchObject({
      code: 'invalid_params',
      message: 'big.sh: the import took longer than 400 ms and was stopped: import a smaller part of it',
    });
    const quick = await w.run<{ converted: { format: string } }>(
      'plan-import',
      { text: 'curl https://a.example/', fileName: 'p' },
      'p',
    );
    expect(quick.converted.format).toBe('curl');
  }, 60_000);
});
