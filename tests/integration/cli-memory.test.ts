/**
 * The CLI keeps V8's young generations at their starting size (engine/cli/young-generation.ts): parsing a large plan
 * used to grow the main thread's to 128 MB (64 MB semi-spaces on a machine with a large heap limit), resident for
 * the rest of the process, and each worker thread started with 16 MB. Measured in the CLI process itself, so the
 * number is not the machine's noise.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADSMITH_BIN, runCommand } from '../fixtures/cli.ts';

// Printed by the CLI process as it exits: the size of the main thread's young generation (both semi-spaces).
const PROBE =
  'data:text/javascript,import v8 from "node:v8";process.on("exit",()=>{const s=v8.getHeapSpaceStatistics().find((x)=>x.space_name==="new_space");process.stderr.write(`\\nnew-space ${s.space_size}\\n`)})';

// Printed by each worker thread a second after it starts, while it sends requests: its young generation's size.
const WORKER_PROBE =
  'data:text/javascript,import v8 from "node:v8";import{isMainThread}from"node:worker_threads";if(!isMainThread)setTimeout(()=>{const s=v8.getHeapSpaceStatistics().find((x)=>x.space_name==="new_space");process.stderr.write(`\\nworker-new-space ${s.space_size}\\n`)},1000).unref()';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-memory-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CLI main thread', () => {
  it('validates a 10,000-step plan without growing its young generation', async () => {
    const steps = Array.from(
      { length: 10_000 },
      (_, i) => `      - request: { name: "step ${i}", url: "/r/${i}", checks: [{ status: 200 }] }`,
    ).join('\n');
    const file = join(dir, 'names.yaml');
    await writeFile(
      file,
      `version: 1\nname: many names\ndefaults: { baseUrl: "http://127.0.0.1:9" }\nscenarios:\n  s:\n    executor: constant-vus\n    vus: 2\n    duration: 1s\n    steps:\n${steps}\n`,
    );
    const r = await runCommand(process.execPath, [`--import=${PROBE}`, LOADSMITH_BIN, 'validate', file], {
      timeoutMs: 60_000,
    });
    expect(r.stdout + r.stderr).toContain('valid');
    expect(r.code).toBe(0);
    const bytes = Number(/new-space (\d+)/.exec(r.stderr)?.[1]);
    // Node starts it at 1 MB per semi-space here; left to grow, parsing this plan took it to 64 MB per semi-space.
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(4 * 2 ** 20);
  }, 90_000);

  it('runs its workers with the same small young generation', async () => {
    const server = createServer((_q, r) => r.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const file = join(dir, 'busy.yaml');
    await writeFile(
      file,
      `version: 1\nname: busy workers\ndefaults: { baseUrl: "http://127.0.0.1:${port}" }\nscenarios:\n  s:\n` +
        '    executor: constant-vus\n    vus: 4\n    duration: 2s\n    steps: [{ request: { url: /x } }]\n',
    );
    try {
      const r = await runCommand(
        process.execPath,
        [`--import=${WORKER_PROBE}`, LOADSMITH_BIN, 'run', file, '--workers', '2', '-q'],
        { timeoutMs: 60_000 },
      );
      expect(r.code).toBe(0);
      const sizes = [...r.stderr.matchAll(/worker-new-space (\d+)/g)].map((m) => Number(m[1]));
      expect(sizes).toHaveLength(2);
      // 1 MB semi-spaces; workers used to start with 8 MB ones (16 MB each, resident whatever the plan).
      for (const bytes of sizes) expect(bytes).toBeLessThanOrEqual(4 * 2 ** 20);
    } finally {
      server.close();
    }
  }, 90_000);
});
