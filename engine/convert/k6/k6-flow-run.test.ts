/**
 * Flow control exported to k6, against the real thing: each plan of tests/fixtures/k6-flow runs with
 * `loadsmith run` and, exported, with k6, each against a fresh tests/fixtures/sequence-target.ts, which records
 * the requests in the order they arrive. With one VU and deterministic constructs both must send the same
 * sequence; a weighted choice must draw within statistical bounds of its weights in both; a failed setup aborts
 * both before any scenario, with the same exit code. Needs the k6 binary (see tests/fixtures/k6.ts).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSequenceTarget } from '../../../tests/fixtures/sequence-target.ts';
import { loadPlanFile } from '../../plan/file.ts';
import { exportK6 } from './export.ts';
import { hasK6, K6, k6Points, requireK6, ROOT, run } from '../../../tests/fixtures/k6.ts';

requireK6('k6 flow-control export test');
const fixture = (name: string): string => join(ROOT, 'tests/fixtures/k6-flow', name);

interface Ran {
  code: number | null;
  stderr: string;
  seen: string[];
  out: string;
}

describe.skipIf(!hasK6)('flow control exported to k6 does what Loadsmith does', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadsmith-k6-flow-'));
  });

  /** Runs the plan with Loadsmith or, exported, with k6, against a server of its own. */
  const runWith = async (tool: 'loadsmith' | 'k6', file: string): Promise<Ran> => {
    const target = await startSequenceTarget();
    const base = file.replace(/\.yaml$/, '');
    const out = join(dir, `${base}.${tool}.json`);
    try {
      let r;
      if (tool === 'k6') {
        const script = join(dir, `${base}.js`);
        await writeFile(script, exportK6((await loadPlanFile(fixture(file))).plan).text);
        r = await run(K6, [
          'run',
          '--quiet',
          '--no-color',
          '-e',
          `BASE_URL=${target.url}`,
          '--out',
          `json=${out}`,
          script,
        ]);
      } else {
        r = await run(process.execPath, [
          join(ROOT, 'bin/loadsmith.js'),
          'run',
          fixture(file),
          '-q',
          '--summary-json',
          out,
          '--env',
          `BASE_URL=${target.url}`,
        ]);
      }
      return { code: r.code, stderr: r.stderr, seen: [...target.seen], out };
    } finally {
      await target.close();
    }
  };

  it('every construct, one VU: the server sees the same requests in the same order from both', async () => {
    const ls = await runWith('loadsmith', 'flow-journey.yaml');
    const k6 = await runWith('k6', 'flow-journey.yaml');
    expect(ls.code, ls.stderr.slice(-2000)).toBe(0);
    expect(k6.code, k6.stderr.slice(-2000)).toBe(0);
    // A batch's two requests travel in parallel: their order of arrival is not the plan's.
    const inOrder = (seen: string[]): string[] =>
      seen.map((l, i) =>
        l === 'GET /status/404' && seen[i + 1] === 'GET /b1'
          ? 'GET /b1'
          : l === 'GET /b1' && seen[i - 1] === 'GET /status/404'
            ? 'GET /status/404'
            : l,
      );
    expect(inOrder(k6.seen)).toEqual(inOrder(ls.seen));

    // And the sequence is the journey's, not merely the same mistake twice.
    const seen = inOrder(ls.seen);
    expect(seen[0]).toBe('POST /token');
    expect(seen.at(-1)).toBe('DELETE /data auth=Bearer token-1');
    expect(seen.filter((l) => l.startsWith('POST /login'))).toEqual(['POST /login auth=Bearer token-1']);
    expect(seen.filter((l) => /^GET \/(even|odd)/.test(l))).toEqual([
      'GET /even?iter=0',
      'GET /odd?iter=1',
      'GET /even?iter=2',
    ]);
    expect(seen.filter((l) => l.startsWith('GET /items?'))).toHaveLength(3 * 4);
    expect(seen.filter((l) => l.startsWith('GET /users?p=2'))).toHaveLength(3);
    expect(seen.filter((l) => l === 'GET /jobs/j1')).toHaveLength(3);
    expect(seen.filter((l) => l.startsWith('GET /items/')).slice(0, 3)).toEqual([
      'GET /items/a?i=0&k=0',
      'GET /items/b?i=1&k=0',
      'GET /items/b?i=1&k=1',
    ]);
    expect(seen.filter((l) => l.startsWith('GET /rr/'))).toEqual(['GET /rr/a', 'GET /rr/b']);
    expect(seen.filter((l) => l === 'GET /bounded')).toHaveLength(6);
    expect(seen.filter((l) => l === 'GET /saw-404')).toHaveLength(3);
    expect(seen.filter((l) => l.startsWith('GET /after?'))).toEqual(['GET /after?iter=0', 'GET /after?iter=2']);
    expect(seen.filter((l) => l.startsWith('GET /after-stop?'))).toEqual(['GET /after-stop?iter=0']);
    expect(seen.some((l) => l.includes('iter=3'))).toBe(false);

    // The flow errors Loadsmith counts by kind, k6 counts in flow_errors with the same kinds.
    const summary = JSON.parse(await readFile(ls.out, 'utf8')) as { errors: { kind: string; count: number }[] };
    const ours = Object.fromEntries(summary.errors.map((e) => [e.kind, e.count]));
    const theirs: Record<string, number> = {};
    for (const p of await k6Points(k6.out))
      if (p.metric === 'flow_errors') theirs[p.tags.kind ?? '?'] = (theirs[p.tags.kind ?? '?'] ?? 0) + p.value;
    expect(ours).toEqual({ 'loop-max': 3, 'iteration-ended': 1, 'vu-stopped': 1 });
    expect(theirs).toEqual(ours);
  }, 120_000);

  it('a 70/30 randomSwitch over 2000 iterations draws 70 % within bounds in both', async () => {
    const ls = await runWith('loadsmith', 'weighted.yaml');
    const k6 = await runWith('k6', 'weighted.yaml');
    expect(ls.code, ls.stderr.slice(-2000)).toBe(0);
    expect(k6.code, k6.stderr.slice(-2000)).toBe(0);
    for (const seen of [ls.seen, k6.seen]) {
      expect(seen).toHaveLength(2000);
      // Binomial(2000, 0.7): one standard deviation is 20.5 draws, so ±100 is about 5 of them.
      const browse = seen.filter((l) => l === 'GET /browse').length;
      expect(browse + seen.filter((l) => l === 'POST /buy').length).toBe(2000);
      expect(browse).toBeGreaterThan(1400 - 100);
      expect(browse).toBeLessThan(1400 + 100);
    }
  }, 120_000);

  it('a failed setup aborts both before any scenario, exit code 107, and teardown does not run', async () => {
    for (const tool of ['loadsmith', 'k6'] as const) {
      const r = await runWith(tool, 'setup-fails.yaml');
      expect(r.code, `${tool}: ${r.stderr.slice(-2000)}`).toBe(107);
      expect(r.seen, tool).toEqual(['POST /status/401']);
    }
  }, 120_000);
});
