import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED_ERROR } from './runs.ts';
import { storeFixture } from './testing.ts';
import type { OpenedStore } from './open.ts';

const fx = storeFixture();
const plan = { version: 1, name: 'API', scenarios: {} };
const start = (store: OpenedStore, id: string, startedAt: string, planId: string | null = null) =>
  store.runs.create({ id, planId, planName: 'API', environment: 'staging', plan, overrides: { vus: 2 }, startedAt });

describe('runs', () => {
  it('goes from running to finished with info, summary and key numbers', async () => {
    const store = await fx.open();
    start(store, 'r1', '2025-03-01T13:00:00+01:00');
    expect(store.runs.get('r1')).toEqual({
      id: 'r1',
      planId: null,
      planName: 'API',
      environment: 'staging',
      label: null,
      status: 'running',
      stoppedBy: null,
      startedAt: '2025-03-01T12:00:00.000Z',
      endedAt: null,
      durationMs: null,
      overrides: { vus: 2 },
      key: null,
      error: null,
      plan,
      summary: null,
      info: null,
    });
    store.runs.setLabel('r1', 'http2');
    expect(store.runs.get('r1')?.label).toBe('http2');
    expect(() => store.runs.setLabel('nope', 'x')).toThrow();
    store.runs.setInfo('r1', { plan: 'API', scenarios: [] });
    store.runs.finish('r1', {
      status: 'failed',
      stoppedBy: 'threshold',
      endedAt: '2025-03-01T12:00:30.000Z',
      durationMs: 30_000,
      summary: { version: 1 },
      key: { rps: 12.5 },
      error: 'thresholds failed',
    });
    expect(store.runs.get('r1')).toMatchObject({
      status: 'failed',
      stoppedBy: 'threshold',
      endedAt: '2025-03-01T12:00:30.000Z',
      durationMs: 30_000,
      info: { plan: 'API', scenarios: [] },
      summary: { version: 1 },
      key: { rps: 12.5 },
      error: 'thresholds failed',
    });
    expect(() =>
      store.runs.finish('nope', {
        status: 'passed',
        endedAt: '2025-03-01T12:00:00Z',
        durationMs: 1,
        summary: null,
        key: null,
        error: null,
      }),
    ).toThrow('cannot finish the run: no run with id nope');
    expect(() => store.runs.setInfo('nope', {})).toThrow('no run with id nope');
    expect(() => start(store, 'bad', 'yesterday')).toThrow("run bad startedAt: 'yesterday' is not a valid time");
    expect(store.runs.get('nope')).toBeUndefined();
  });

  it('lists newest first, filtered by plan and limited', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'API', document: plan, valid: true, scenarios: 0, requests: 0 });
    start(store, 'old', '2025-03-01T10:00:00Z', 'p');
    start(store, 'new', '2025-03-01T12:00:00Z', 'p');
    start(store, 'other', '2025-03-01T11:00:00Z');
    start(store, 'same-time', '2025-03-01T12:00:00Z'); // ties: the later insert first
    expect(store.runs.list().map((r) => r.id)).toEqual(['same-time', 'new', 'other', 'old']);
    expect(store.runs.list({ planId: 'p' }).map((r) => r.id)).toEqual(['new', 'old']);
    expect(store.runs.list({ limit: 2 }).map((r) => r.id)).toEqual(['same-time', 'new']);
    expect(store.runs.list()[0]).not.toHaveProperty('plan');
    expect(() => store.runs.list({ limit: 0 })).toThrow(/limit must be a positive integer/);
  });

  it('returns samples ordered by second, and deletes them with the run', async () => {
    const store = await fx.open();
    start(store, 'r', '2025-03-01T12:00:00Z');
    start(store, 'keep', '2025-03-01T12:00:00Z');
    for (const s of [2, 0, 1]) store.runs.addSample('r', s, { t: s, reqs: s * 10 });
    store.runs.addSample('keep', 0, { t: 0 });
    store.runs.addSample('r', 1, { t: 1, reqs: 11 }); // the same second again replaces it
    expect(store.runs.samples('r')).toEqual([
      { t: 0, reqs: 0 },
      { t: 1, reqs: 11 },
      { t: 2, reqs: 20 },
    ]);
    expect(() => store.runs.addSample('r', -1, {})).toThrow(RangeError);
    expect(() => store.runs.addSample('ghost', 0, {})).toThrow(/FOREIGN KEY/);
    expect(store.runs.delete('r')).toBe(true);
    expect(store.runs.delete('r')).toBe(false);
    expect(store.runs.samples('r')).toEqual([]);
    expect(fx.raw(store.file).prepare('SELECT run_id, count(*) AS n FROM run_samples GROUP BY run_id').all()).toEqual([
      { run_id: 'keep', n: 1 },
    ]);
  });

  it('reads corrupt JSON in a run as null with a note, and skips corrupt samples', async () => {
    const store = await fx.open();
    start(store, 'r', '2025-03-01T12:00:00Z');
    store.runs.addSample('r', 0, { t: 0 });
    store.runs.addSample('r', 1, { t: 1 });
    const raw = fx.raw(store.file);
    raw.prepare("UPDATE runs SET overrides = '{nope', summary = 'also bad' WHERE id = 'r'").run();
    raw.prepare("UPDATE run_samples SET data = '[' WHERE second = 0").run();
    expect(store.runs.list()).toMatchObject([{ id: 'r', overrides: null }]);
    expect(store.runs.get('r')).toMatchObject({ overrides: null, summary: null, plan });
    expect(store.runs.samples('r')).toEqual([{ t: 1 }]);
    expect(fx.warnings).toHaveLength(3); // each corrupt cell once, however often it is read
    expect(fx.warnings[0]).toMatch(/^corrupt JSON in runs r overrides: .* \(read as null\)$/);
    expect(fx.warnings).toContainEqual(
      expect.stringMatching(/^corrupt JSON in run_samples r second 0: .*\(skipped\)$/),
    );
  });
});

describe('recovery of runs left running', () => {
  it('marks a run whose process died interrupted at the next open, keeping its samples', async () => {
    const dataDir = await fx.dir();
    const script = `
      import { openStore } from ${JSON.stringify(new URL('./open.ts', import.meta.url).href)};
      const store = openStore({ dataDir: ${JSON.stringify(dataDir)} });
      store.runs.create({ id: 'crashed', planId: null, planName: 'API', environment: null, plan: {}, overrides: {}, startedAt: '2025-03-01T12:00:00Z' });
      for (let s = 0; s < 3; s++) store.runs.addSample('crashed', s, { t: s });
      process.exit(0); // no close: as a crash`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr.replace(/^.*ExperimentalWarning.*\n?|^.*--trace-warnings.*\n?/gm, '')).toBe('');
    expect(child.status).toBe(0);
    const store = await fx.open({ dataDir });
    expect(store.recovered).toBe(1);
    expect(store.runs.get('crashed')).toMatchObject({ status: 'interrupted', error: INTERRUPTED_ERROR, endedAt: null });
    expect(store.runs.samples('crashed')).toEqual([{ t: 0 }, { t: 1 }, { t: 2 }]);
    expect(store.runs.markInterrupted()).toBe(0);
  });

  it('recovers the runs of a closed store on reopen, but not those of a store still open', async () => {
    const dataDir = await fx.dir();
    const first = await fx.open({ dataDir });
    start(first, 'left', '2025-03-01T12:00:00Z');
    first.runs.addSample('left', 0, { t: 0 });
    const second = await fx.open({ dataDir }); // first is still open: its run is live
    expect(second.recovered).toBe(0);
    start(second, 'live', '2025-03-01T12:01:00Z');
    first.close();
    const third = await fx.open({ dataDir });
    expect(third.recovered).toBe(1);
    expect(third.runs.get('left')?.status).toBe('interrupted');
    expect(third.runs.samples('left')).toEqual([{ t: 0 }]);
    expect(third.runs.get('live')?.status).toBe('running');
  });

  it('leaves a run owned by another live process alone; a finished run is never touched', async () => {
    const store = await fx.open();
    start(store, 'theirs', '2025-03-01T12:00:00Z');
    start(store, 'done', '2025-03-01T12:00:00Z');
    store.runs.finish('done', {
      status: 'passed',
      endedAt: '2025-03-01T12:00:10Z',
      durationMs: 10_000,
      summary: null,
      key: null,
      error: null,
    });
    fx.raw(store.file)
      .prepare("UPDATE runs SET owner = ? WHERE id = 'theirs'")
      .run(JSON.stringify({ host: hostname(), pid: process.ppid, token: 'elsewhere' }));
    expect(store.runs.markInterrupted()).toBe(0);
    fx.raw(store.file).prepare("UPDATE runs SET owner = 'garbage' WHERE id = 'theirs'").run();
    expect(store.runs.markInterrupted()).toBe(1);
    expect(store.runs.list().map((r) => [r.id, r.status])).toEqual([
      ['done', 'passed'],
      ['theirs', 'interrupted'],
    ]);
  });
});
