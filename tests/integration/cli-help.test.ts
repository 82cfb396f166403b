/**
 * What a new user types first, as a child process of the real bin: `loadsmith run --help` (and -h, `help run`),
 * a mistyped option, and `npx loadsmith` on a Node.js too old for the engine (faked with a preload, so that the
 * test does not depend on which Node versions the machine has).
 */
import { chmod, copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOADSMITH_BIN, loadsmith, runCommand } from '../fixtures/cli.ts';

describe('per-command help', () => {
  it('loadsmith run --help, -h and help run print the help of run with examples, exit 0', async () => {
    const r = await loadsmith(['run', '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: loadsmith run <plan> \[options\]\n/);
    expect(r.stdout).toMatch(/\n {2}--vus <N> +number of VUs/);
    expect(r.stdout).toMatch(/\nExamples:\n/);
    expect((await loadsmith(['run', '-h'])).stdout).toBe(r.stdout);
    expect((await loadsmith(['help', 'run'])).stdout).toBe(r.stdout);
  });

  it('every subcommand takes --help', async () => {
    for (const name of ['validate', 'import', 'k8s', 'demo-server']) {
      const r = await loadsmith([name, '--help']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout.startsWith(`Usage: loadsmith ${name}`)).toBe(true);
    }
  });

  it('a mistyped option exits 1 naming it and the closest option', async () => {
    const r = await loadsmith(['run', 'plan.yaml', '--vu', '10']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: unknown option '--vu'; did you mean --vus? (see loadsmith run --help)\n");
  });
});

describe('a Node.js too old for the engine', () => {
  let repo: string;
  const OLD_NODE = join(import.meta.dirname, '..', 'fixtures', 'node-20.mjs');

  beforeAll(async () => {
    // The bin in a repository of its own: with or without scripts/ensure-node.sh and the Node 24 it installs.
    repo = await mkdtemp(join(tmpdir(), 'loadsmith-old-node-'));
    await mkdir(join(repo, 'bin'));
    await copyFile(LOADSMITH_BIN, join(repo, 'bin', 'loadsmith.js'));
    await writeFile(join(repo, 'package.json'), '{ "type": "module" }\n');
  });

  const run = (cwd: string, env: Record<string, string> = {}): ReturnType<typeof runCommand> =>
    runCommand(process.execPath, ['--import', OLD_NODE, join(repo, 'bin', 'loadsmith.js'), '--help'], {
      cwd,
      env: { npm_command: '', ...env },
    });

  it('outside a repository: says which Node is needed', async () => {
    const r = await run(repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node 20.20.2.\n');
  });

  it('in the repository: says that scripts/ensure-node.sh installs Node 24 and puts it on PATH', async () => {
    await mkdir(join(repo, 'scripts'), { recursive: true });
    await writeFile(join(repo, 'scripts', 'ensure-node.sh'), '# stand-in\n');
    const r = await run(repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^loadsmith needs Node\.js 22\.19 or newer \(24 LTS recommended\); this is Node 20\.20\.2\.\nRun `source scripts\/ensure-node\.sh`: it installs Node 24 into the repository's \.tools\/ .* and puts it first on this shell's PATH\.\n$/,
    );
  });

  it('with Node 24 already in .tools: says to source scripts/ensure-node.sh, and why npm warned', async () => {
    const bin = join(
      repo,
      '.tools',
      'node_modules',
      'node',
      'node_modules',
      `node-${process.platform}-${process.arch}`,
      'bin',
    );
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'node'), '#!/bin/sh\n');
    await chmod(join(bin, 'node'), 0o755);
    const r = await run(repo, { npm_command: 'exec' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        "loadsmith needs Node.js 22.19 or newer (24 LTS recommended); this is Node 20.20.2 (npm's EBADENGINE warnings above say the same).",
        "Node 24 is already installed in this repository: run `source scripts/ensure-node.sh` to put it first on this shell's PATH, then run the command again.",
        '',
      ].join('\n'),
    );
    // From a folder inside the repository, the path is relative to it.
    await mkdir(join(repo, 'plans'), { recursive: true });
    expect((await run(join(repo, 'plans'))).stderr).toMatch(/run `source \.\.\/scripts\/ensure-node\.sh`/);
  });
});
