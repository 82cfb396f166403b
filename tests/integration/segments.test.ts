/**
 * The engine running execution segments (in-process, two worker threads each): the segments of a plan together
 * send exactly the plan's requests, with the whole test's VU numbers and unique data rows, none twice.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { segmentOfN, formatSegment, formatSequence } from '../../engine/base/segment.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { planHash } from '../../engine/runtime/segment-run.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { header } from './run-helper.ts';

const PLAN = `version: 1
name: segments
defaults:
  baseUrl: \${env.BASE}
data:
  users: { file: users.csv, mode: unique, onExhausted: stop }
scenarios:
  each:
    executor: per-vu-iterations
    vus: 5
    iterations: 3
    steps:
      - request: { name: each, url: "/echo?s=each", headers: { X-VU: "\${vu}" } }
  ramp:
    executor: ramping-vus
    startVUs: 0
    stages: [{ duration: 300ms, target: 3 }, { duration: 300ms, target: 3 }]
    gracefulRampDown: 0s
    steps:
      - request: { name: ramp, url: "/echo?s=ramp&user=\${data.users.id}", headers: { X-VU: "\${vu}" } }
      - think: { min: 20ms, max: 20ms }
`;

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-segments-'));
  await writeFile(join(dir, 'users.csv'), `id\n${Array.from({ length: 12 }, (_, i) => `u${i}`).join('\n')}\n`);
});
afterAll(async () => {
  await server.close();
});

describe('segments of one plan, run one after the other', () => {
  it('add up to the plan: iterations, VU numbers and unique rows', async () => {
    const { plan, source } = parsePlan(PLAN, join(dir, 'plan.yaml'));
    const vusMax: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const { segment, sequence } = segmentOfN(i, 3);
      const run = runPlan(plan, {
        source,
        baseDir: dir,
        env: { BASE: server.url },
        workers: 2,
        segment: { segment: formatSegment(segment), sequence: formatSequence(sequence) },
      });
      const summary = await run.done;
      vusMax.push(summary.metrics.vus_max?.type === 'gauge' ? summary.metrics.vus_max.value : -1);
      expect(summary.shard?.segments).toEqual([formatSegment(segment)]);
      // The whole plan's hash, steps included (the coordinator forgets its scenarios' steps once the workers have them),
      // and the caller's plan is left whole.
      expect(summary.shard?.planHash).toBe(planHash(plan));
      expect([plan.scenarios.each!.steps.length, plan.scenarios.ramp!.steps.length]).toEqual([1, 2]);
      expect(summary.notes[0]).toMatch(/^execution segment /);
    }
    const each = server.requests.filter((r) => r.query.s === 'each');
    expect(each).toHaveLength(15); // 5 VUs x 3 iterations, over the 3 segments
    expect([...new Set(each.map((r) => header(r, 'x-vu')))].sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const vu of ['1', '2', '3', '4', '5']) expect(each.filter((r) => header(r, 'x-vu') === vu)).toHaveLength(3);
    // VUs 2, 2, 1 of `each` and 1, 1, 1 of `ramp` per segment: 3, 3, 2.
    expect(vusMax).toEqual([3, 3, 2]);
    const ramp = server.requests.filter((r) => r.query.s === 'ramp');
    expect([...new Set(ramp.map((r) => header(r, 'x-vu')))].sort()).toEqual(['6', '7', '8']); // the test's VU numbers of ramp
    const users = ramp.map((r) => r.query.user);
    expect(new Set(users).size).toBe(users.length); // no row twice, across segments
  });
});
