/**
 * The single executable (scripts/build-sea.ts), built into a temporary folder and run as on a machine without
 * Node.js: an empty environment whose PATH is an empty folder. Its worker threads start from the embedded worker
 * bundle, its HTML report from the embedded ECharts; the target counts what really arrived. Last, the pods of a
 * `loadsmith k8s` Job, as the image (deploy/Dockerfile) runs them: the manifest's command in /bin/sh, with the
 * executable as the only `loadsmith` on PATH.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCommand } from '../fixtures/cli.ts';
import { k8sExpand } from '../fixtures/k8s/expand.ts';
import { loadsmithIn, PLAN_REQUESTS, readSummary, writePlan, type Runner } from '../fixtures/runner-commands.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

const BUILD = fileURLToPath(new URL('../../scripts/build-sea.ts', import.meta.url));
const ENGINE_PACKAGE = fileURLToPath(new URL('../../engine/package.json', import.meta.url));

let server: TargetServer;
let dir: string;
let runner: Runner;

beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-sea-'));
  const built = await runCommand(process.execPath, [BUILD, '--out', join(dir, 'sea')], { timeoutMs: 240_000 });
  if (built.code !== 0) throw new Error(`scripts/build-sea.ts failed:\n${built.stdout}\n${built.stderr}`);
  const work = join(dir, 'work');
  const emptyBin = join(dir, 'no-node');
  await mkdir(work);
  await mkdir(emptyBin);
  runner = { command: join(dir, 'sea', 'loadsmith'), env: { PATH: emptyBin }, dir: work };
}, 300_000);
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the single executable, with no Node.js on the machine', () => {
  it('prints its version', async () => {
    const { version } = JSON.parse(await readFile(ENGINE_PACKAGE, 'utf8')) as { version: string };
    const r = await loadsmithIn(runner, ['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`loadsmith ${version}`);
  });

  it('runs a plan on two worker threads and writes the summary JSON and the HTML report', async () => {
    const plan = await writePlan(runner);
    server.resetStats();
    const r = await loadsmithIn(runner, [
      'run',
      plan,
      '-e',
      `BASE_URL=${server.url}`,
      '--workers',
      '2',
      '--summary-json',
      'run.json',
      '--html',
      'run.html',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('PASSED');
    expect(server.hits('/json')).toBe(PLAN_REQUESTS);
    const summary = await readSummary(join(runner.dir, 'run.json'));
    expect(summary).toMatchObject({ _total: PLAN_REQUESTS, stoppedBy: 'completed', generator: { workers: 2 } });
    expect(summary.metrics.checks).toMatchObject({ passes: 2 * PLAN_REQUESTS, fails: 0 });
    expect(await readFile(join(runner.dir, 'run.html'), 'utf8')).toContain(
      'Licensed to the Apache Software Foundation',
    );
  });

  it('validates, merges shards, imports and exports', async () => {
    const plan = await writePlan(runner);
    expect((await loadsmithIn(runner, ['validate', plan])).code).toBe(0);
    server.resetStats();
    for (const i of [1, 2]) {
      const r = await loadsmithIn(runner, [
        'run',
        plan,
        '-e',
        `BASE_URL=${server.url}`,
        '-q',
        '--segment',
        `${i}/2`,
        '--summary-json',
        `shard-${i}.json`,
      ]);
      expect(r.code, r.stderr).toBe(0);
    }
    const merged = await loadsmithIn(runner, ['merge', 'shard-1.json', 'shard-2.json', '-o', 'merged.json', '-q']);
    expect(merged.code, merged.stderr).toBe(0);
    expect((await readSummary(join(runner.dir, 'merged.json')))._total).toBe(PLAN_REQUESTS);
    expect(server.hits('/json')).toBe(PLAN_REQUESTS);
    await writeFile(join(runner.dir, 'get.curl'), `curl ${server.url}/json\n`);
    expect((await loadsmithIn(runner, ['import', 'get.curl', '-o', 'imported.yaml'])).code).toBe(0);
    const exported = await loadsmithIn(runner, ['export', 'imported.yaml', '--to', 'k6', '-o', 'script.js']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(await readFile(join(runner.dir, 'script.js'), 'utf8')).toContain("import http from 'k6/http';");
  });

  it('runs the demo from its embedded plan', async () => {
    const r = await loadsmithIn(runner, ['demo', '--duration', '1s', '-q', '--summary-json', 'demo.json']);
    const summary = await readSummary(join(runner.dir, 'demo.json'));
    expect(summary._total).toBeGreaterThan(0);
    // The demo's thresholds are judged on ~10 requests of its flaky endpoint (5 % fail at random) and a shared
    // machine's latencies in a 1 s run: crossing one, which exits 99, is the demo working. Its five thresholds are
    // evaluated, and the exit code says whether any was crossed.
    const crossed = summary.thresholds.filter((t) => !t.ok).map((t) => `${t.metric} ${t.expression}: ${t.value}`);
    expect(summary.thresholds).toHaveLength(5);
    expect(r.code, `${r.stderr}\ncrossed: ${crossed.join('; ')}`).toBe(crossed.length > 0 ? 99 : 0);
  });

  it('runs the pods of a `loadsmith k8s` Job, whose shards merge into the whole run', async () => {
    const plan = await writePlan(runner);
    const made = await loadsmithIn(runner, [
      'k8s',
      plan,
      '-p',
      '2',
      '--image',
      'loadsmith:test',
      '-e',
      `BASE_URL=${server.url}`,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const job = parseAllDocuments(made.stdout)
      .map((d) => d.toJS() as PodJob)
      .find((o) => o.kind === 'Job') as PodJob;
    const [container] = job.spec.template.spec.containers;
    // The mounts of the pod (/plan: the ConfigMap, /results: a volume) are folders of the test.
    const pathsOfTheTest = (script: string): string =>
      script.replaceAll('/plan/', `${runner.dir}/`).replaceAll('/results/', `${runner.dir}/results-`);
    const onlyLoadsmith = join(dir, 'image-bin');
    await mkdir(onlyLoadsmith);
    await symlink(runner.command, join(onlyLoadsmith, 'loadsmith'));
    server.resetStats();
    const logs: string[] = [];
    for (const index of ['0', '1']) {
      const env = Object.fromEntries(
        (container?.env ?? []).flatMap((e) => (e.value === undefined ? [] : [[e.name, k8sExpand(e.value, {})]])),
      );
      const script = pathsOfTheTest(k8sExpand(container?.args[0] ?? '', { JOB_COMPLETION_INDEX: index }));
      const [shell = '', ...flags] = container?.command ?? [];
      const pod = await runCommand(shell, [...flags, script], {
        cwd: runner.dir,
        cleanEnv: true,
        env: { ...env, PATH: onlyLoadsmith, JOB_COMPLETION_INDEX: index },
        timeoutMs: 60_000,
      });
      expect(pod.code, pod.stderr).toBe(0);
      logs.push(pod.stdout);
    }
    await writeFile(join(runner.dir, 'shards.log'), logs.join(''));
    const merged = await loadsmithIn(runner, ['merge', 'shards.log', '-o', 'k8s-run.json', '-q']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(server.hits('/json')).toBe(PLAN_REQUESTS);
    expect((await readSummary(join(runner.dir, 'k8s-run.json')))._total).toBe(PLAN_REQUESTS);
  });
});

/** The part of the Job the test runs: its container's command, arguments and environment. */
interface PodJob {
  kind: string;
  spec: {
    template: {
      spec: { containers: { command: string[]; args: string[]; env: { name: string; value?: string }[] }[] };
    };
  };
}
