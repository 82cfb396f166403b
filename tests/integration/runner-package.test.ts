/**
 * The runner package as a user gets it: `npm pack` in engine/ (prepack builds the bundles), the tarball installed
 * into an empty folder outside the repository — no node_modules above it, so a dependency the package forgot to
 * declare cannot be found by hoisting — and its `loadsmith` run from node_modules/.bin against a local target.
 */
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, type CliResult } from '../fixtures/cli.ts';
import { loadsmithIn, PLAN_REQUESTS, readSummary, writePlan, type Runner } from '../fixtures/runner-commands.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

const ENGINE = fileURLToPath(new URL('../../engine/', import.meta.url));
// npm and the installed bin's `#!/usr/bin/env node` find this Node (24) first, whatever the system has.
const ENV = { PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, HOME: process.env.HOME ?? tmpdir() };

/** Dependencies of the app (and ECharts, whose one file the package carries) that the runner must not pull in. */
const APP_ONLY = ['better-sqlite3', 'echarts', 'electron', 'mockttp', 'monaco-editor', 'react', 'react-dom'];

let server: TargetServer;
let dir: string;
let runner: Runner;
let install: CliResult;

const npm = (args: string[], cwd: string): Promise<CliResult> =>
  runCommand('npm', args, { cwd, env: ENV, cleanEnv: true, timeoutMs: 120_000 });

beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-package-'));
  const packed = await npm(['pack', '--pack-destination', dir, '--json'], ENGINE);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
  const project = join(dir, 'project');
  await rm(project, { recursive: true, force: true });
  await runCommand('mkdir', [project]);
  await writeFile(join(project, 'package.json'), '{ "name": "uses-loadsmith", "private": true }\n');
  // Dependencies come from npm's cache when it has them (CI's npm ci filled it), else from the registry.
  install = await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, filename)], project);
  runner = { command: join(project, 'node_modules', '.bin', 'loadsmith'), env: ENV, dir: project };
}, 240_000);
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the runner package installed from its tarball', () => {
  it('installs only the engine and what it declares: no app dependencies, no TypeScript sources', async () => {
    expect(install.code, install.stderr).toBe(0);
    const declared = Object.keys(
      (JSON.parse(await readFile(join(ENGINE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies,
    );
    const top = (await readdir(join(runner.dir, 'node_modules'))).filter((n) => !n.startsWith('.'));
    // Scoped packages (@grpc/grpc-js) sit one folder down.
    const scoped = await Promise.all(
      top
        .filter((n) => n.startsWith('@'))
        .map(async (scope) => (await readdir(join(runner.dir, 'node_modules', scope))).map((n) => `${scope}/${n}`)),
    );
    const installed = [...top.filter((n) => !n.startsWith('@')), ...scoped.flat()];
    expect(installed).toEqual(expect.arrayContaining(['loadsmith', ...declared]));
    for (const app of APP_ONLY) expect(installed).not.toContain(app);
    const files = await readdir(join(runner.dir, 'node_modules', 'loadsmith'), { recursive: true });
    expect(files).toContain(join('dist', 'worker.mjs'));
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(await readFile(join(ENGINE, 'package.json'), 'utf8')) as { version: string };
    const r = await loadsmithIn(runner, ['--version']);
    expect(r.stdout.trim()).toBe(`loadsmith ${version}`);
  });

  it('says that `ui` is the app, which it does not include', async () => {
    const r = await loadsmithIn(runner, ['ui', '--no-open']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/loadsmith ui needs the app, which this installation does not include/);
  });

  it('validates a plan', async () => {
    const r = await loadsmithIn(runner, ['validate', await writePlan(runner)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('valid');
  });

  it('runs a plan on its worker bundle, with the summary JSON and the HTML report', async () => {
    const plan = await writePlan(runner);
    server.resetStats();
    const r = await loadsmithIn(runner, [
      'run',
      plan,
      '-e',
      `BASE_URL=${server.url}`,
      '-q',
      '--workers',
      '2',
      '--summary-json',
      'run.json',
      '--html',
      'run.html',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(server.hits('/json')).toBe(PLAN_REQUESTS);
    const summary = await readSummary(join(runner.dir, 'run.json'));
    expect(summary._total).toBe(PLAN_REQUESTS);
    expect(summary.metrics.checks).toMatchObject({ passes: 2 * PLAN_REQUESTS, fails: 0 });
    // The report inlines ECharts from the package's own copy (a licence line of its header).
    expect(await readFile(join(runner.dir, 'run.html'), 'utf8')).toContain(
      'Licensed to the Apache Software Foundation',
    );
  });

  it('runs two segments and merges them into the whole run', async () => {
    const plan = await writePlan(runner);
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
    expect(server.hits('/json')).toBe(PLAN_REQUESTS);
    expect((await readSummary(join(runner.dir, 'merged.json')))._total).toBe(PLAN_REQUESTS);
  });

  it('imports a cURL command and exports the plan to k6', async () => {
    await writeFile(join(runner.dir, 'get.curl'), `curl ${server.url}/json -H 'Accept: application/json'\n`);
    const imported = await loadsmithIn(runner, ['import', 'get.curl', '-o', 'imported.yaml']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(await readFile(join(runner.dir, 'imported.yaml'), 'utf8')).toContain('url: /json');
    const exported = await loadsmithIn(runner, ['export', 'imported.yaml', '--to', 'k6', '-o', 'script.js']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(await readFile(join(runner.dir, 'script.js'), 'utf8')).toContain("import http from 'k6/http';");
  });
});
