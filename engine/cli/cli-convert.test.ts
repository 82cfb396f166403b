/**
 * `loadsmith import` and `loadsmith export` as users run them: a cURL command becomes a plan file that validates
 * and runs against a local server, the secret goes to an environment variable, bad input is a located usage error;
 * the demo plan exports to a k6 script.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith } from '../../tests/fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-convert-cli-'));
});
afterAll(async () => {
  await server.close();
});

describe('loadsmith import / export', () => {
  it('imports a cURL command into a plan that validates and runs; the token becomes ${env.…}', async () => {
    const curl = join(dir, 'login.sh');
    await writeFile(
      curl,
      `curl '${server.url}/json?from=curl' -H 'Authorization: Bearer s3cret-token' -H 'Accept: application/json'\n`,
    );
    const plan = join(dir, 'login.yaml');
    const imported = await loadsmith(['import', curl, '-o', plan], { cwd: dir });
    expect(imported.code, imported.stderr).toBe(0);
    const yaml = await readFile(plan, 'utf8');
    expect(yaml).not.toContain('s3cret-token');
    const secret = /\$\{env\.([A-Z_]+)\}/.exec(yaml.slice(yaml.indexOf('auth')))?.[1];
    expect(secret, yaml).toBeDefined();
    expect(imported.stderr).toContain(secret as string);

    expect((await loadsmith(['validate', plan])).code).toBe(0);
    server.resetStats();
    const run = await loadsmith(
      ['run', plan, '-q', '--env', `${secret as string}=s3cret-token`, '--env', `BASE_URL=${server.url}`],
      { cwd: dir },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(server.hits('/json')).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('refuses a broken cURL command with the line and what to do, writing nothing', async () => {
    const bad = join(dir, 'bad.sh');
    await writeFile(bad, "curl 'http://127.0.0.1:1/x\n");
    const r = await loadsmith(['import', bad, '-o', join(dir, 'bad.yaml')], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 1: unterminated ' quote/);
    await expect(readFile(join(dir, 'bad.yaml'), 'utf8')).rejects.toThrow();
  });

  it('exports the demo plan as a k6 script', async () => {
    const out = join(dir, 'demo.js');
    const r = await loadsmith(['export', 'plans/demo.yaml', '--to', 'k6', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const script = await readFile(out, 'utf8');
    expect(script).toMatch(/export const options = \{/);
    expect(script).toMatch(/check\(/);
    expect(script).toContain('__ENV["BASE_URL"]');
  });
});
