import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppendWriter, BATCH_BYTES, HIGH_WATER } from './append-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Line `i` of writer `w`: varied lengths, some multi-byte characters, one longer than a batch. */
function line(w: string, i: number): string {
  const body = i === 500 ? 'L'.repeat(BATCH_BYTES) : `${'é€'.repeat(i % 7)}${'x'.repeat((i * 37) % 300)}`;
  return `${w}:${i}:${body}:end\n`;
}

describe('AppendWriter', () => {
  it('appends whole lines from two writers to one file without interleaving them', async () => {
    const path = join(dir, 'shared.txt');
    await writeFile(path, 'header\n');
    const a = new AppendWriter(path);
    const b = new AppendWriter(path);
    for (let i = 0; i < 5000; i++) {
      a.add(line('a', i));
      b.add(line('b', i));
      if (i % 1000 === 0) await new Promise((r) => setImmediate(r)); // let writes of both be in flight together
    }
    const [sa, sb] = await Promise.all([a.close(), b.close()]);
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines.shift()).toBe('header');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(10_000);
    const seen = new Set(lines.map((l) => `${l}\n`));
    for (let i = 0; i < 5000; i++) for (const w of ['a', 'b']) expect(seen.has(line(w, i))).toBe(true);
    expect(sa).toMatchObject({ rows: 5000, lost: 0, error: undefined });
    expect(sb).toMatchObject({ rows: 5000, lost: 0, error: undefined });
  });

  it('says when its queue is full and lets the caller wait until it drains', async () => {
    const path = join(dir, 'full.txt');
    const w = new AppendWriter(path);
    const l = `${'y'.repeat(999)}\n`;
    let added = 0;
    while (!w.add(l)) added++;
    added++;
    expect(added * l.length).toBeGreaterThanOrEqual(HIGH_WATER);
    await w.drained();
    expect(w.add(l)).toBe(false); // under the bound again
    added++;
    const stats = await w.close();
    expect(stats).toMatchObject({ rows: added, lost: 0, bytes: added * l.length });
    expect((await readFile(path, 'utf8')).length).toBe(added * l.length);
  });

  it('keeps running after a write error and counts every row it could not write', async () => {
    const full = new AppendWriter('/dev/full');
    for (let i = 0; i < 3000; i++) full.add(line('f', i));
    full.flush();
    for (let i = 0; i < 10; i++) full.add(line('f', i));
    const stats = await full.close();
    expect(stats.error).toMatch(/ENOSPC/);
    expect(stats.rows + stats.lost).toBe(3010);
    expect(stats.rows).toBe(0);

    const gone = new AppendWriter(join(dir, 'missing', 'x.txt'));
    gone.add('a\n');
    expect(await gone.close()).toMatchObject({ rows: 0, lost: 1, error: expect.stringMatching(/ENOENT/) });
  });
});
