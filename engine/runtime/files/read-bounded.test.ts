/**
 * Files a plan names are read defensively: a FIFO, a device or a folder is refused at once (a FIFO used to hang the
 * run forever, /dev/zero to grow past 3 GB), a file over the limit is refused with what to change; through the CLI
 * too, which exits 1 with the plan location instead of hanging.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith } from '../../../tests/fixtures/cli.ts';
import { PlanFileError } from './errors.ts';
import { localPlanFiles } from './plan-files.ts';
import { DEFAULT_MAX_FILE_BYTES, maxFileBytes, readBounded } from './read-bounded.ts';

let dir: string;
let fifo: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-read-'));
  fifo = join(dir, 'pipe.csv');
  execFileSync('mkfifo', [fifo]);
  await writeFile(join(dir, 'ten.bin'), Buffer.alloc(10, 0x61));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const refused = async (abs: string, limit = 1_000_000): Promise<string> => {
  const e = await readBounded(abs, { shown: abs, use: 'body file', limit }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PlanFileError);
  return (e as Error).message;
};

describe('readBounded', () => {
  it('reads a regular file up to and including the limit', async () => {
    expect((await readBounded(join(dir, 'ten.bin'), { shown: 'ten.bin', use: 'body file', limit: 10 })).length).toBe(
      10,
    );
  });

  it('refuses a file over the limit, saying how to raise it', async () => {
    expect(await refused(join(dir, 'ten.bin'), 9)).toMatch(
      /^body file .*ten\.bin is 0\.0 MB, more than the limit of 0\.0 MB .* LOADSMITH_MAX_FILE_MB$/,
    );
  });

  it('refuses a FIFO without waiting for a writer, a device and a folder', async () => {
    expect(await refused(fifo)).toMatch(/is a FIFO \(named pipe\), not a regular file/);
    expect(await refused('/dev/zero')).toMatch(/is a device, not a regular file/);
    expect(await refused(dir)).toMatch(/is a folder, not a regular file/);
  });

  it('says when there is no such file, and where paths are looked up', async () => {
    const e = await localPlanFiles(dir)
      .read('nope.csv', 'data file')
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect((e as Error).message).toBe(
      `cannot read data file ${join(dir, 'nope.csv')}: no such file (paths are relative to the plan file)`,
    );
  });

  it('takes the limit from LOADSMITH_MAX_FILE_MB when it is a positive number', () => {
    expect(maxFileBytes({ LOADSMITH_MAX_FILE_MB: '2' })).toBe(2 * 1024 * 1024);
    for (const bad of [undefined, '', '0', '-1', 'lots'])
      expect(maxFileBytes({ LOADSMITH_MAX_FILE_MB: bad })).toBe(DEFAULT_MAX_FILE_BYTES);
  });
});

describe('loadsmith validate with hostile files', () => {
  it('refuses a data feeder on a FIFO and a body on /dev/zero at once, located in the plan', async () => {
    const plan = join(dir, 'plan.yaml');
    await writeFile(
      plan,
      [
        'version: 1',
        'name: hostile files',
        'data: { rows: { file: pipe.csv } }',
        'scenarios:',
        '  s:',
        '    executor: per-vu-iterations',
        '    steps:',
        '      - request: { url: "http://127.0.0.1:9/?r=${data.rows.x}", method: POST, file: /dev/zero }',
        '',
      ].join('\n'),
    );
    const r = await loadsmith(['validate', plan], { timeoutMs: 20_000 });
    expect(r.code).toBe(1);
    expect(r.stderr + r.stdout).toMatch(/plan\.yaml:3:\d+: data\.rows\.file: data file .*pipe\.csv is a FIFO/);
    expect(r.stderr + r.stdout).toMatch(
      /plan\.yaml:8:\d+: scenarios\.s\.steps\[0\]\.request\.file: body file \/dev\/zero is a device/,
    );
  });
});
