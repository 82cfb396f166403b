/**
 * A distributed run on one machine: four `loadsmith run --segment i/4` processes of one plan run at the same time
 * against a local server, then `loadsmith merge`. The merged run has exactly the plan's iterations, its
 * percentiles equal those of one histogram of every raw result (--out ndjson), its thresholds decide merge's exit
 * code, and `report`/`compare` read the merged file.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Histogram } from '../../engine/metrics/histogram.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { trendStats } from '../../engine/metrics/trend.ts';
import { plannedIterations } from '../../engine/plan/arrival.ts';
import { loadsmith } from '../fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

const PLAN = `version: 1
name: distributed
defaults:
  baseUrl: \${env.BASE}
scenarios:
  shared:
    executor: shared-iterations
    vus: 6
    iterations: 200
    steps:
      - request: { name: Get json, url: /json, headers: { X-VU: "\${vu}" }, checks: [{ status: 200 }] }
  open:
    executor: constant-arrival-rate
    rate: 30
    duration: 2s
    preAllocatedVUs: 4
    maxVUs: 8
    steps:
      - request: { name: Delay, url: "/delay?ms=5" }
thresholds:
  http_reqs: ["count<230"]
  http_req_duration{request:Delay}: ["p(99)<10000"]
`;

interface Row {
  scenario: string;
  request: string;
  duration_ms: number;
  vu: number;
}

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-distributed-'));
  await writeFile(join(dir, 'plan.yaml'), PLAN);
});
afterAll(async () => {
  await server.close();
});

const file = (name: string): string => join(dir, name);
const rows = async (name: string): Promise<Row[]> =>
  (await readFile(file(name), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
const hist = (values: readonly Row[]): Histogram => {
  const h = new Histogram();
  for (const r of values) h.record(Math.round(r.duration_ms * 1000));
  return h;
};

describe('four segments run at once, then merged', () => {
  it('add up to the plan exactly and are judged on the merged data', async () => {
    // Segments 1-3 write shard files; segment 4 prints its shard as a log line, as a Kubernetes pod does.
    const runs = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        loadsmith(
          [
            'run',
            file('plan.yaml'),
            '--segment',
            `${i}/4`,
            '-q',
            '--workers',
            '1',
            '-e',
            `BASE=${server.url}`,
            '--out',
            `ndjson=${file(`raw-${i}.ndjson`)}`,
            ...(i === 4 ? ['--shard-log'] : ['--summary-json', file(`shard-${i}.json`)]),
          ],
          { timeoutMs: 60_000 },
        ),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0); // each segment alone (about 65 requests) passes count<230
    await writeFile(file('pod-4.log'), runs[3]?.stdout ?? '');
    expect(runs[3]?.stdout).toMatch(/^loadsmith-shard v1 3\/4:1 /m);

    const merged = await loadsmith([
      'merge',
      file('shard-1.json'),
      file('shard-2.json'),
      file('shard-3.json'),
      file('pod-4.log'),
      '-o',
      file('run.json'),
      '--junit',
      file('run.xml'),
    ]);
    expect(merged.code, merged.stderr).toBe(99);
    const run = JSON.parse(await readFile(file('run.json'), 'utf8')) as Summary;
    expect(merged.stdout).toContain(`✗ 'count<230' count=${run._total}`);

    // Iterations: exactly the plan's, and the server saw each request once.
    const shared = run.scenarios.find((s) => s.name === 'shared');
    const open = run.scenarios.find((s) => s.name === 'open');
    const due = plannedIterations({
      executor: 'constant-arrival-rate',
      rate: 30,
      duration: '2s',
      preAllocatedVUs: 4,
      maxVUs: 8,
      steps: [],
    });
    expect(due).toBe(60);
    expect(shared?.iterations).toBe(200);
    expect(open?.arrival?.scheduled).toBe(due);
    expect((open?.iterations ?? 0) + (open?.dropped ?? 0) + (open?.interrupted ?? 0)).toBe(due);
    expect(server.hits('/json')).toBe(200);
    expect(run._total).toBe(server.hits());

    // Percentiles: those of one histogram of every raw result of the four processes.
    const all = (await Promise.all([1, 2, 3, 4].map((i) => rows(`raw-${i}.ndjson`)))).flat();
    expect(all).toHaveLength(run._total);
    expect(run.metrics.http_req_duration).toEqual({ type: 'trend', unit: 'ms', ...trendStats(hist(all)) });
    expect(run.requests.find((r) => r.name === 'Delay')?.duration).toEqual(
      trendStats(hist(all.filter((r) => r.request === 'Delay'))),
    );
    expect(run.thresholds[1]).toMatchObject({
      metric: 'http_req_duration{request:Delay}',
      ok: true,
      value: trendStats(hist(all.filter((r) => r.request === 'Delay'))).p99,
    });
    expect(run.thresholds[0]).toMatchObject({ ok: false, value: run._total });
    expect(run._total).toBe(200 + (open?.iterations ?? 0)); // one request per completed iteration
    expect(run.status).toBe('failed');
    expect(run.timeline.reduce((n, p) => n + p.reqs, 0)).toBe(run._total);

    // VU numbers are the whole test's: each of the 6 shared VUs ran in exactly one segment.
    const vusOf = async (i: number): Promise<Set<number>> =>
      new Set((await rows(`raw-${i}.ndjson`)).filter((r) => r.scenario === 'shared').map((r) => r.vu));
    const perSegment = await Promise.all([1, 2, 3, 4].map(vusOf));
    expect(perSegment.map((s) => s.size)).toEqual([2, 2, 1, 1]);
    expect(perSegment.flatMap((s) => [...s]).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);

    expect(await readFile(file('run.xml'), 'utf8')).toMatch(/<failure type="threshold" message="count&lt;230 failed/);
    const report = await loadsmith(['report', file('run.json')]);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/merged from 4 shard files/);
    expect((await loadsmith(['compare', file('shard-1.json'), file('run.json')])).code).toBe(0);
  }, 120_000);

  it('refuses a segment given twice, and a summary that is not a shard', async () => {
    const twice = await loadsmith(['merge', file('shard-1.json'), file('shard-1.json')]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/segment 0:1\/4 is in both/);
    const gap = await loadsmith(['merge', file('shard-1.json'), file('shard-2.json'), '-q']);
    expect(gap.stderr).toMatch(/warning: the shards cover 50% \(1\/2\) of the plan: segments? 1\/2:1 is missing/);
    await writeFile(
      file('plain.json'),
      JSON.stringify({ ...(JSON.parse(await readFile(file('shard-1.json'), 'utf8')) as Summary), shard: undefined }),
    );
    const plain = await loadsmith(['merge', file('plain.json')]);
    expect(plain.stderr).toMatch(/a run summary without shard data \(the run was not a segment\)/);
  });
});
