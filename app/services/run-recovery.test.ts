/**
 * A run cut off by a crash: its samples are in the store, its summary is not. The next start sums it up from the
 * samples (partial), and it can be opened, listed and exported like a finished run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hist, sample, series, seriesKey } from '../../engine/metrics/testing.ts';
import { timelinePoint } from '../../engine/metrics/timeline.ts';
import type { StoredTick } from '../contract/index.ts';
import { openStore } from '../store/index.ts';
import { StoredSamples } from './run-samples.ts';
import { openTestServices, type TestServices } from './testing.ts';

const open: TestServices[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** Second `i` as the app stores a tick: `durations` (µs) of 200s, with the interval's histogram. */
function tick(i: number, durations: number[]): StoredTick {
  const s = sample(0, {
    interval: i - 1,
    vus: { s: 2 },
    series: [series(seriesKey('s', '', 'List', 'GET', 200, true), durations)],
  });
  return {
    ...timelinePoint([s], i, 1),
    elapsedMs: i * 1000,
    vusMax: 2,
    totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
    thresholds: [],
    durationHistogram: hist(durations).toJSON(),
  };
}

/** A data dir holding a run that was `running` when its process went away, with `ticks` stored. */
async function crashedRun(ticks: StoredTick[]): Promise<{ dir: string; id: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'loadsmith-recovery-'));
  dirs.push(dir);
  const store = openStore({ dataDir: dir });
  const id = '7b0c6a8e-1f4e-4c59-9a57-1d2d3c4b5a60';
  store.runs.create({
    id,
    planId: null,
    planName: 'crashed',
    environment: null,
    plan: { version: 1 },
    overrides: {},
    startedAt: '2025-03-01T10:00:00.000Z',
  });
  store.runs.setInfo(id, {
    plan: 'crashed',
    scenarios: [{ name: 's', executor: 'constant-vus', description: '2 VUs for 1m', maxVus: 2 }],
    vusMax: 2,
    maxDurationMs: 60_000,
    workers: 1,
  });
  const samples = new StoredSamples(store, id);
  for (const t of ticks) samples.add(t);
  store.close(); // its owner is gone: the next open marks the run interrupted
  return { dir, id };
}

describe('a run cut off by a crash', () => {
  it('is summed up from its samples at the next start: partial, listed with its key numbers, exportable', async () => {
    const durations = [[1000, 2000, 3000], [1500, 2500], [900]];
    const { dir, id } = await crashedRun(durations.map((d, i) => tick(i + 1, d)));
    const t = await openTestServices('recovery', dir);
    open.push(t);
    const all = durations.flat();

    const run = await t.call('runs.get', { id });
    expect(run.status).toBe('partial');
    expect(run.durationMs).toBe(3000);
    expect(run.summary?._total).toBe(all.length);
    expect(run.summary?.partial?.seconds).toBe(3);
    expect(run.summary?._p99).toBe(hist(all).valueAtPercentile(99) / 1000);
    const [row] = await t.call('runs.list', {});
    expect(row).toMatchObject({ id, status: 'partial', key: { requests: all.length } });

    const json = JSON.parse((await t.call('runs.export', { id, format: 'json' })).text) as {
      partial?: unknown;
      timeline: unknown[];
      _total: number;
    };
    expect(json).toMatchObject({ _total: all.length, partial: { seconds: 3 } });
    expect(json.timeline).toHaveLength(3);
    expect((await t.call('runs.export', { id, format: 'html' })).text).toContain(
      'partial: Loadsmith stopped while this run was in progress',
    );
    // The charts get the stored seconds, without the histograms kept for this.
    const samples = await t.call('runs.samples', { id });
    expect(samples.map((s) => s.reqs)).toEqual([3, 2, 1]);
    expect(samples[0]).not.toHaveProperty('durationHistogram');
  });

  it('stays interrupted, with nothing to export, when not one second was stored', async () => {
    const { dir, id } = await crashedRun([]);
    const t = await openTestServices('recovery', dir);
    open.push(t);
    expect((await t.call('runs.get', { id })).status).toBe('interrupted');
    expect((await t.fail('runs.export', { id, format: 'json' })).message).toMatch(/before its first second was stored/);
  });
});

describe('stored samples', () => {
  it('stay at most 2,048 rows, equal to what was merged, with their histograms merged exactly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadsmith-samples-'));
    dirs.push(dir);
    const store = openStore({ dataDir: dir });
    try {
      store.runs.create({
        id: 'r',
        planId: null,
        planName: 'long',
        environment: null,
        plan: {},
        overrides: {},
        startedAt: '2025-03-01T10:00:00.000Z',
      });
      const samples = new StoredSamples(store, 'r');
      for (let i = 1; i <= 2100; i++) samples.add(tick(i, [1000 + (i % 7)]));
      const rows = store.runs.samples('r') as StoredTick[];
      expect(rows).toHaveLength(1050); // 1,024 points of 2 s, then 26 more
      expect(rows.reduce((n, r) => n + r.reqs, 0)).toBe(2100);
      expect([rows[0]?.t, rows[0]?.span, rows.at(-1)?.t]).toEqual([2, 2, 2100]);
      expect(rows[0]?.durationHistogram).toEqual(hist([1001, 1002]).toJSON());
    } finally {
      store.close();
    }
  });
});
