/**
 * The k6 export against the real thing: plans/demo.yaml, set to a fixed number of iterations (shared-iterations,
 * as `--iterations` does), is exported to k6 and run with k6 v1.3.0 and with `loadsmith run`, both against the
 * demo API on loopback. Request counts per request name and check results per check must agree.
 *
 * Needs the k6 binary: `bash scripts/install-k6.sh` puts it in .tools/go/bin (CI runs it); K6_PATH overrides.
 * Without it the tests are skipped with a message, unless LOADSMITH_REQUIRE_K6=1 (CI), where that is a failure.
 */
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { loadPlanFile } from '../../plan/file.ts';
import { applyOverrides } from '../../plan/overrides.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { importPlan } from '../index.ts';
import { exportK6 } from './export.ts';
import { hasK6, K6, requireK6, ROOT, run } from '../../../tests/fixtures/k6.ts';

const DEMO = join(ROOT, 'plans/demo.yaml');
const ITERATIONS = 10;
const VUS = 2;
requireK6('k6 export integration test');

type Counts = Map<string, number>;
const bump = (m: Counts, key: string, n = 1): void => {
  m.set(key, (m.get(key) ?? 0) + n);
};

describe.skipIf(!hasK6)('k6 export runs in real k6 and agrees with Loadsmith', () => {
  let server: DemoServer;
  let dir: string;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'loadsmith-k6-'));
  });
  afterAll(async () => {
    await server.close();
  });

  it(`demo plan, ${ITERATIONS} iterations per scenario: same requests, same checks`, async () => {
    const plan = applyOverrides((await loadPlanFile(DEMO)).plan, { iterations: ITERATIONS, vus: VUS });
    const exported = exportK6(plan, { file: 'plans/demo.yaml' });
    expect(exported.notes).toEqual([]);
    const script = join(dir, 'demo.js');
    await writeFile(script, exported.text);
    const k6Out = join(dir, 'k6.ndjson');
    const lsOut = join(dir, 'summary.json');
    const [k6, ls] = await Promise.all([
      run(K6, ['run', '--quiet', '--no-color', '-e', `BASE_URL=${server.url}`, '--out', `json=${k6Out}`, script]),
      run(process.execPath, [
        join(ROOT, 'bin/loadsmith.js'),
        'run',
        DEMO,
        '--iterations',
        String(ITERATIONS),
        '--vus',
        String(VUS),
        '-q',
        '--summary-json',
        lsOut,
        '--env',
        `BASE_URL=${server.url}`,
      ]),
    ]);
    // 99 = a threshold failed: possible when /flaky fails 3 of its 10 requests (5% each), in either tool.
    expect([0, 99], `k6 exited ${k6.code}:\n${k6.stderr.slice(-2000)}`).toContain(k6.code);
    expect([0, 99], `loadsmith exited ${ls.code}:\n${ls.stderr.slice(-2000)}`).toContain(ls.code);

    const k6Requests: Counts = new Map();
    const k6Checks = new Map<string, { passes: number; fails: number }>();
    for (const line of (await readFile(k6Out, 'utf8')).split('\n')) {
      if (!line.startsWith('{"metric"')) continue;
      const p = JSON.parse(line) as {
        metric: string;
        type: string;
        data: { value: number; tags: Record<string, string> };
      };
      if (p.type !== 'Point') continue;
      if (p.metric === 'http_reqs') bump(k6Requests, p.data.tags.request ?? '?');
      if (p.metric === 'checks') {
        const key = `${p.data.tags.request} / ${p.data.tags.check}`;
        const c = k6Checks.get(key) ?? { passes: 0, fails: 0 };
        if (p.data.value === 1) c.passes++;
        else c.fails++;
        k6Checks.set(key, c);
      }
    }
    const summary = JSON.parse(await readFile(lsOut, 'utf8')) as {
      requests: { name: string; count: number }[];
      checks: { request: string; name: string; passes: number; fails: number }[];
    };
    const lsRequests: Counts = new Map();
    for (const r of summary.requests) bump(lsRequests, r.name, r.count);

    const expected = new Map(
      ['Log in', 'List users', 'Get user', 'Create organization', 'Slow report', 'Flaky endpoint'].map((n) => [
        n,
        ITERATIONS,
      ]),
    );
    expect(Object.fromEntries(lsRequests)).toEqual(Object.fromEntries(expected));
    expect(Object.fromEntries(k6Requests)).toEqual(Object.fromEntries(expected));

    const lsChecks = new Map(
      summary.checks.map((c) => [`${c.request} / ${c.name}`, { passes: c.passes, fails: c.fails }]),
    );
    if (process.env.LOADSMITH_PRINT_K6_COMPARISON) {
      const rows = [...lsChecks].map(
        ([k, c]) =>
          `${k}: loadsmith ${c.passes}/${c.passes + c.fails}, k6 ${k6Checks.get(k)?.passes}/${(k6Checks.get(k)?.passes ?? 0) + (k6Checks.get(k)?.fails ?? 0)}`,
      );
      console.log(
        [...[...lsRequests].map(([n, c]) => `${n}: loadsmith ${c}, k6 ${k6Requests.get(n)}`), ...rows].join('\n'),
      );
    }
    expect([...k6Checks.keys()].sort()).toEqual([...lsChecks.keys()].sort());
    expect(lsChecks.size).toBe(11);
    for (const [key, ours] of lsChecks) {
      const theirs = k6Checks.get(key);
      expect(theirs ? theirs.passes + theirs.fails : -1, `${key}: number of evaluations`).toBe(
        ours.passes + ours.fails,
      );
      if (key.startsWith('Flaky endpoint') || key.endsWith('duration < 500ms')) {
        // Random failures (/flaky?fail=0.05) and timing: both tools mostly pass, not necessarily the same ones.
        expect(ours.passes, key).toBeGreaterThanOrEqual(ITERATIONS * 0.6);
        expect(theirs?.passes, key).toBeGreaterThanOrEqual(ITERATIONS * 0.6);
      } else {
        expect(theirs, key).toEqual(ours);
        expect(ours.fails, key).toBe(0);
      }
    }
  }, 60_000);

  /** Requests per request name, the VUs k6 ran, and the scenario tags, from k6's JSON output. */
  const k6Output = async (file: string): Promise<{ requests: Counts; vusMax: number; scenarios: Set<string> }> => {
    const requests: Counts = new Map();
    const scenarios = new Set<string>();
    let vusMax = 0;
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (!line.startsWith('{"metric"')) continue;
      const p = JSON.parse(line) as {
        metric: string;
        type: string;
        data: { value: number; tags: Record<string, string> | null };
      };
      if (p.type !== 'Point') continue;
      if (p.metric === 'http_reqs') {
        bump(requests, p.data.tags?.request ?? '?');
        scenarios.add(p.data.tags?.scenario ?? '?');
      }
      if (p.metric === 'vus_max') vusMax = Math.max(vusMax, p.data.value);
    }
    return { requests, vusMax, scenarios };
  };

  it("k6 run --vus 2 --duration 2s overrides the plan's load as for a k6 user's script: default runs every scenario", async () => {
    const { plan } = await loadPlanFile(DEMO);
    const script = join(dir, 'override.js');
    await writeFile(script, exportK6(plan).text);
    const out = join(dir, 'override.ndjson');
    const k6 = await run(K6, [
      'run',
      '--quiet',
      '--no-color',
      '--vus',
      '2',
      '--duration',
      '2s',
      '-e',
      `BASE_URL=${server.url}`,
      '--out',
      `json=${out}`,
      script,
    ]);
    expect([0, 99], `k6 exited ${k6.code}:\n${k6.stderr.slice(-2000)}`).toContain(k6.code);
    const { requests, vusMax, scenarios } = await k6Output(out);
    expect(vusMax).toBe(2);
    expect([...scenarios]).toEqual(['default']);
    // VU 1 runs "browse" (it logs in first), VU 2 "flaky".
    expect(requests.get('Log in')).toBeGreaterThanOrEqual(1);
    expect(requests.get('Flaky endpoint')).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a one-scenario plan: default is that scenario, with the VUs and duration given', async () => {
    const { plan } = await loadPlanFile(DEMO);
    const { flaky } = plan.scenarios;
    const script = join(dir, 'one.js');
    await writeFile(script, exportK6({ ...plan, scenarios: { flaky: flaky! }, thresholds: {} }).text);
    const out = join(dir, 'one.ndjson');
    const k6 = await run(K6, [
      'run',
      '--quiet',
      '--no-color',
      '--vus',
      '2',
      '--duration',
      '2s',
      '-e',
      `BASE_URL=${server.url}`,
      '--out',
      `json=${out}`,
      script,
    ]);
    expect(k6.code, k6.stderr.slice(-2000)).toBe(0);
    const { requests, vusMax } = await k6Output(out);
    expect(vusMax).toBe(2);
    expect([...requests.keys()]).toEqual(['Flaky endpoint']);
    expect(requests.get('Flaky endpoint')).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('every example plan and every imported fixture exports to a script k6 accepts (k6 inspect)', async () => {
    const sources: { name: string; plan: Plan; prefix: string }[] = [];
    for (const f of [
      'plans/demo.yaml',
      ...readdirSync(join(ROOT, 'plans/examples'))
        .filter((x) => x.endsWith('.yaml'))
        .map((x) => `plans/examples/${x}`),
    ]) {
      const loaded = await loadPlanFile(join(ROOT, f));
      sources.push({ name: f, plan: loaded.plan, prefix: `${loaded.baseDir}/` });
    }
    for (const d of ['curl', 'har', 'postman', 'openapi', 'vegeta', 'jmeter']) {
      for (const f of readdirSync(join(ROOT, 'tests/fixtures/convert', d))) {
        // readme-targets.txt sends body files from /path/to/..., which k6 opens when it loads the script.
        if (f.includes('environment') || f === 'readme-targets.txt') continue;
        sources.push({
          name: `${d}/${f}`,
          plan: importPlan(await readFile(join(ROOT, 'tests/fixtures/convert', d, f), 'utf8'), undefined, { file: f })
            .plan,
          prefix: '',
        });
      }
    }
    // The JMeter fixtures read files (CSV Data Sets, a file body): k6 opens them when it loads the script.
    await writeFile(join(dir, 'users.csv'), 'email,plan\na@example.test,gold\n');
    await mkdir(join(dir, 'data'), { recursive: true });
    await mkdir(join(dir, 'img'), { recursive: true });
    await writeFile(join(dir, 'data/products.csv'), 'sku;name\na1;Anvil\n');
    await writeFile(join(dir, 'img/logo.png'), 'png');
    const failed: string[] = [];
    for (const src of sources) {
      const script = join(dir, `${src.name.replace(/[/.]/g, '_')}.js`);
      await writeFile(script, exportK6(src.plan, { pathPrefix: src.prefix }).text);
      const r = await run(K6, ['inspect', script]);
      if (r.code !== 0) failed.push(`${src.name}: ${r.stderr.slice(0, 300)}`);
    }
    expect(sources.length).toBeGreaterThanOrEqual(20);
    expect(failed).toEqual([]);
  }, 60_000);
});
