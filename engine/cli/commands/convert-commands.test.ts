/**
 * `loadsmith import` and `loadsmith export` as command functions (engine/cli/commands/import.ts and export.ts),
 * called directly: files written, reports on stderr, mistakes as usage errors naming what to do.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportCommand } from './export.ts';
import { importCommand } from './import.ts';
import { UsageError } from '../usage.ts';
import { parsePlan } from '../../plan/parse.ts';
import { loadsmith } from '../../../tests/fixtures/cli.ts';

const fixture = (p: string): string => fileURLToPath(new URL(`../../../tests/fixtures/convert/${p}`, import.meta.url));
const demo = fileURLToPath(new URL('../../../plans/demo.yaml', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-convert-'));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function capture(): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    out += String(c);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => {
    err += String(c);
    return true;
  });
  return { out: () => out, err: () => err };
}

describe('loadsmith import', () => {
  it('writes a valid plan with a header comment, and the report to stderr', async () => {
    const io = capture();
    const out = join(dir, 'pet.yaml');
    expect(await importCommand([fixture('openapi/petstore2.json'), '-o', out])).toBe(0);
    const yaml = await readFile(out, 'utf8');
    expect(yaml).toMatch(/^# Imported from petstore2\.json \(openapi\) by loadsmith import: /);
    expect(parsePlan(yaml, out).plan.name).toBe('Swagger Petstore');
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(/imported petstore2\.json as openapi -> .*pet\.yaml/);
    expect(io.err()).toMatch(/environment variables the plan reads: BASE_URL, PETSTORE_AUTH/);
  });

  it('prints to stdout without -o, reads a Postman environment, and never overwrites without --force', async () => {
    const io = capture();
    const args = [
      fixture('postman/inherited-entities.postman_collection.json'),
      '--environment',
      fixture('postman/inherited-entities.postman_environment.json'),
    ];
    expect(await importCommand([...args, '-q'])).toBe(0);
    expect(io.out()).toContain('duplicate_var: ${env.DUPLICATE_VAR:-correct}');
    expect(io.err()).toBe('');
    const out = join(dir, 'exists.yaml');
    await writeFile(out, 'keep me');
    await expect(importCommand([...args, '-o', out])).rejects.toThrow(
      new UsageError(`${out} already exists: choose another -o, or add --force to replace it`),
    );
    expect(await readFile(out, 'utf8')).toBe('keep me');
    expect(await importCommand([...args, '-o', out, '--force', '-q'])).toBe(0);
  });

  it('turns bad input and bad options into usage errors', async () => {
    capture();
    const bad = join(dir, 'bad.sh');
    await writeFile(bad, "curl -H 'x: y' 'https://a.test/\n");
    await expect(importCommand([bad])).rejects.toThrow(
      new UsageError("line 1: unterminated ' quote in curl command: close it, or paste the whole command"),
    );
    await expect(importCommand([bad, '--from', 'gatling'])).rejects.toThrow(
      /--from: 'gatling' is not a format; use curl, har, postman, openapi, vegeta, jmeter/,
    );
    await expect(importCommand([join(dir, 'missing.har')])).rejects.toThrow(/cannot read .*missing\.har: no such file/);
    await expect(importCommand([])).rejects.toThrow(/expected one file to import/);
    await expect(importCommand([fixture('vegeta/blog-targets.txt'), '--rate', '0'])).rejects.toThrow(
      /--rate: '0' is not a positive number/,
    );
  });
});

describe('loadsmith import as a child process: no credential in what it writes', () => {
  it.each([
    [
      'curl/chromium-form-login.sh',
      ['hunter2', 'k2JfQ8zW1xV4nB7mC0pL3sD6gH9jK5aR', 'Xq3vT9bLmN2pR7sK4wY8zA1cD5eF6gH0'],
    ],
    [
      'curl/chromium-copy-all.sh',
      [
        'q8w7e6r5t4y3u2i1o0p9a8s7d6f5g4h3',
        'Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0Dd',
        'AIzaSyD4f9Gq2Lx7Vb1Nc8Mz3Kp6Rt0Wy5Hj2Ue',
        'dGhpcyBpcyBub3QgYSByZWFsIHNpZ25hdHVyZQ',
      ],
    ],
    ['curl/httpsnippet.sh', ['Jk8Lm2Nb4Vc6Xz0Qw1Er3Ty5Ui7Op9As']],
    [
      'har/crm-login-secrets.har',
      [
        'Tr0ub4dor',
        'pL4kW9sX2vB7nM1qZ8rT5yU3iO6aD0fG',
        'YW5vdGhlciBmYWtlIHNpZ25hdHVyZQ',
        'ak_live_7Hq2Lw9Xv4Bn1Mz8Kc3Rt6Yp',
        'cs_9QwErTy7UiOp3AsDf5GhJk1L',
        '5ahn1c2xq0v9tq7l3o8m6k4j2h1g0f9e',
      ],
    ],
    [
      'postman/login.postman_collection.json',
      ['Tr0ub4dor', 'correct horse battery staple', 'correct+horse', 'correct%20horse', 'JBSWY3DPEHPK3PXP'],
    ],
  ])(
    '%s: the plan file and the report hold none of its secrets',
    async (file, secrets) => {
      const out = join(dir, `${file.replace(/\W/g, '_')}.yaml`);
      const r = await loadsmith(['import', fixture(file), '-o', out], { timeoutMs: 60_000 });
      expect(r.code).toBe(0);
      const written = `${await readFile(out, 'utf8')}${r.stdout}${r.stderr}`;
      expect(written).toMatch(/\$\{env\.[A-Z_]+\}/);
      for (const secret of secrets) expect(written).not.toContain(secret);
    },
    60_000,
  );
});

describe('loadsmith export', () => {
  it('writes a k6 script for the demo plan and reports nothing lost', async () => {
    const io = capture();
    const out = join(dir, 'demo.js');
    expect(await exportCommand([demo, '--to', 'k6', '-o', out])).toBe(0);
    const js = await readFile(out, 'utf8');
    expect(js).toContain("import http from 'k6/http';");
    expect(js).toContain('export function browse() {');
    expect(io.err()).toBe('');
  });

  it('curl to stdout, with --env values and --request', async () => {
    const io = capture();
    expect(
      await exportCommand([demo, '--to', 'curl', '--request', 'Slow report', '-e', 'BASE_URL=http://127.0.0.1:9']),
    ).toBe(0);
    expect(io.out()).toBe(
      "# Slow report\ncurl 'http://127.0.0.1:9/slow?ms=120' \\\n  -H 'Accept: application/json' \\\n  -L \\\n  -m 10\n",
    );
    expect(io.err()).toMatch(/not exported \(1\):\n {4}- request 'Slow report': checks: curl only sends the request/);
  });

  it('refuses a missing or unknown --to and an invalid plan', async () => {
    capture();
    await expect(exportCommand([demo])).rejects.toThrow('missing --to; use --to k6|curl|har');
    await expect(exportCommand([demo, '--to', 'jmx'])).rejects.toThrow(
      "--to: 'jmx' is not a format; use --to k6|curl|har",
    );
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, 'version: 1\nname: x\nscenarios: {}\n');
    await expect(exportCommand([bad, '--to', 'k6'])).rejects.toThrow(/a plan needs at least one scenario/);
  });
});
