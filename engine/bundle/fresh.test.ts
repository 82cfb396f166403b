import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshWorkerBundle } from './fresh.ts';
import { WORKER_SOURCES } from './worker.ts';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'loadsmith-fresh-'));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

/** The bundle's inode changes when it is written again (written aside, then renamed). */
const inode = async (url: URL): Promise<number> => (await stat(fileURLToPath(url))).ino;

describe('the worker bundle of a checkout', () => {
  it('is built when there is none, then reused while the sources it lists are unchanged', async () => {
    const first = await freshWorkerBundle(dist);
    expect(first?.href.endsWith('/worker.mjs')).toBe(true);
    const text = await readFile(fileURLToPath(first as URL), 'utf8');
    expect(text).toMatch(/^\/\/ loadsmith worker bundle, sources sha256 [0-9a-f]{64}\n/);
    expect(JSON.parse(await readFile(join(dist, WORKER_SOURCES), 'utf8'))).toContain('runtime/worker/main.ts');
    const again = await freshWorkerBundle(dist);
    expect(await inode(again as URL)).toBe(await inode(first as URL));
  });

  it("imports no zod, no plan schema and undici only when a request needs it (a worker thread's memory)", async () => {
    const text = await readFile(fileURLToPath((await freshWorkerBundle(dist)) as URL), 'utf8');
    const packages = new Set([...text.matchAll(/^import .* from "([^"]+)";?$/gm)].map((m) => m[1]));
    expect(packages).toContain('node:worker_threads'); // the walk reads the bundle's imports
    expect(packages).not.toContain('zod');
    expect(packages).not.toContain('undici');
    expect(packages).not.toContain('node:http2'); // gRPC calls load it (runtime/grpc/h2/nghttp2.ts)
    expect(text).toContain('import("undici")'); // runtime/http/lazy-agent.ts
    const sources = JSON.parse(await readFile(join(dist, WORKER_SOURCES), 'utf8')) as string[];
    expect(sources).toContain('plan/schema/constants.ts');
    expect(sources.filter((s) => s.startsWith('plan/schema/') && s !== 'plan/schema/constants.ts')).toEqual([]);
  });

  it('is rebuilt when it was built from other sources', async () => {
    const before = (await freshWorkerBundle(dist)) as URL;
    const file = fileURLToPath(before);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/sha256 [0-9a-f]{64}/, `sha256 ${'0'.repeat(64)}`));
    const stale = await inode(before);
    const after = (await freshWorkerBundle(dist)) as URL;
    expect(await inode(after)).not.toBe(stale);
    expect(await readFile(fileURLToPath(after), 'utf8')).toBe(text);
  });

  it('is rebuilt when a source it lists is gone', async () => {
    const before = (await freshWorkerBundle(dist)) as URL;
    const inputs = JSON.parse(await readFile(join(dist, WORKER_SOURCES), 'utf8')) as string[];
    await writeFile(join(dist, WORKER_SOURCES), JSON.stringify([...inputs, 'runtime/worker/gone.ts']));
    const stale = await inode(before);
    expect(await inode((await freshWorkerBundle(dist)) as URL)).not.toBe(stale);
    expect(JSON.parse(await readFile(join(dist, WORKER_SOURCES), 'utf8'))).toEqual(inputs);
  });
});
