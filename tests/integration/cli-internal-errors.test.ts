/**
 * A bug that escapes everything (an uncaught exception, an unhandled rejection) in the real `loadsmith` process,
 * for the engine's commands and for `ui`: "internal error ... please report", the stack, exit 103 — never 1, the
 * code that tells CI "your plan is wrong". The bug is injected with `node --import`: a module that throws when the
 * test sends SIGUSR2, once the command is up.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOADSMITH_BIN, runCommand } from '../fixtures/cli.ts';

let dir: string;
let throws: string;
let rejects: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-bug-'));
  throws = join(dir, 'throws.mjs');
  rejects = join(dir, 'rejects.mjs');
  await writeFile(throws, "process.on('SIGUSR2', () => { throw new TypeError('injected bug'); });\n");
  await writeFile(rejects, "process.on('SIGUSR2', () => { void Promise.reject(new Error('injected rejection')); });\n");
});

/** Runs the CLI with `inject` preloaded; sends SIGUSR2 once stdout shows `ready`. */
function withBug(inject: string, args: string[], ready: RegExp): ReturnType<typeof runCommand> {
  let sent = false;
  return runCommand(process.execPath, ['--import', inject, LOADSMITH_BIN, ...args], {
    timeoutMs: 60_000,
    onStdout: (text, child) => {
      if (!sent && ready.test(text)) {
        sent = true;
        child.kill('SIGUSR2');
      }
    },
  });
}

describe('an internal error exits 103 with its stack and a request to report it', () => {
  it('an uncaught exception in demo-server', async () => {
    const r = await withBug(throws, ['demo-server', '--port', '0'], /demo API on/);
    expect(r.stderr).toMatch(
      /^internal error: injected bug \(a bug in loadsmith: please report it, with the lines below\)\nTypeError: injected bug\n\s+at /m,
    );
    expect(r.code).toBe(103);
  }, 90_000);

  it('an unhandled rejection in demo-server', async () => {
    const r = await withBug(rejects, ['demo-server', '--port', '0'], /demo API on/);
    expect(r.stderr).toMatch(/^internal error: injected rejection \(a bug in loadsmith/m);
    expect(r.code).toBe(103);
  }, 90_000);

  it('an uncaught exception in ui', async () => {
    const r = await withBug(
      throws,
      ['ui', '--port', '0', '--no-open', '--data-dir', join(dir, 'data')],
      /Ctrl-C to stop/,
    );
    expect(r.stderr).toMatch(/^internal error: injected bug \(a bug in loadsmith/m);
    expect(r.code).toBe(103);
  }, 90_000);
});
