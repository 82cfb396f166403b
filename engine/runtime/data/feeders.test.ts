import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MutableTemplateContext } from '../vu/virtual-user.ts';
import { Feeders, type FeederData } from './feeders.ts';
import { localPlanFiles } from '../files/plan-files.ts';
import { loadFeeders } from './load.ts';

const ROWS = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

function ctx(): MutableTemplateContext {
  return { vu: 1, iter: 0, scenario: 's', env: {}, vars: new Map(), data: {} };
}

function feeder(o: Partial<FeederData> = {}): FeederData {
  return { name: 'users', mode: 'sequential', onExhausted: 'stop', rows: ROWS, counter: 0, ...o };
}

const shared = (slots: number): Int32Array =>
  new Int32Array(new SharedArrayBuffer(slots * Int32Array.BYTES_PER_ELEMENT));

describe('Feeders.pick', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sequential: iteration i uses row i mod n', () => {
    const f = new Feeders([feeder()], shared(1));
    const c = ctx();
    const got: unknown[] = [];
    for (let iter = 0; iter < 7; iter++) {
      expect(f.pick(c, iter)).toBe(true);
      got.push(c.data.users?.id);
    }
    expect(got).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
    f.pick(c, 301);
    expect(c.data.users).toBe(ROWS[1]);
  });

  it('random: a uniformly chosen row', () => {
    const f = new Feeders([feeder({ mode: 'random' })], shared(1));
    const c = ctx();
    const rnd = vi.spyOn(Math, 'random');
    rnd.mockReturnValueOnce(0).mockReturnValueOnce(0.34).mockReturnValueOnce(0.999999);
    const got: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      f.pick(c, 0);
      got.push(c.data.users?.id);
    }
    expect(got).toEqual(['a', 'b', 'c']);
    rnd.mockRestore();
    const seen = new Set<unknown>();
    for (let i = 0; i < 300; i++) {
      expect(f.pick(c, i)).toBe(true);
      expect(ROWS).toContain(c.data.users);
      seen.add(c.data.users?.id);
    }
    expect(seen.size).toBe(3);
  });

  it('unique: every row exactly once across two instances sharing the counters, then stop', () => {
    const counters = shared(2);
    const a = new Feeders([feeder({ mode: 'unique', counter: 1 })], counters);
    const b = new Feeders([feeder({ mode: 'unique', counter: 1 })], counters);
    const ca = ctx();
    const cb = ctx();
    const got: unknown[] = [];
    expect(a.pick(ca, 0)).toBe(true);
    got.push(ca.data.users?.id);
    expect(b.pick(cb, 0)).toBe(true);
    got.push(cb.data.users?.id);
    expect(b.pick(cb, 1)).toBe(true);
    got.push(cb.data.users?.id);
    expect(got).toEqual(['a', 'b', 'c']);
    expect(a.pick(ca, 1)).toBe(false);
    expect(b.pick(cb, 2)).toBe(false);
    expect(counters[0]).toBe(0); // other slots untouched
  });

  it('unique with recycle starts over when all rows are used', () => {
    const counters = shared(1);
    const a = new Feeders([feeder({ mode: 'unique', onExhausted: 'recycle' })], counters);
    const b = new Feeders([feeder({ mode: 'unique', onExhausted: 'recycle' })], counters);
    const c = ctx();
    const got: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      expect(a.pick(c, i)).toBe(true);
      got.push(c.data.users?.id);
      expect(b.pick(c, i)).toBe(true);
      got.push(c.data.users?.id);
    }
    expect(got).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b']);
  });

  it('unique with recycle keeps giving rows after 2^31 picks (the shared counter wraps)', () => {
    const counters = shared(1);
    counters[0] = 2 ** 31 - 1; // a long soak run: the Int32 counter is about to wrap
    const f = new Feeders([feeder({ mode: 'unique', onExhausted: 'recycle' })], counters);
    const c = ctx();
    for (let i = 0; i < 3; i++) {
      expect(f.pick(c, i)).toBe(true);
      expect(ROWS).toContain(c.data.users);
    }
  });

  it('fills every feeder of the set, and stops when one unique feeder is exhausted', () => {
    const counters = shared(1);
    const f = new Feeders(
      [feeder({ name: 'users' }), feeder({ name: 'codes', mode: 'unique', rows: [{ code: 'X' }], counter: 0 })],
      counters,
    );
    const c = ctx();
    expect(f.pick(c, 1)).toBe(true);
    expect(c.data).toEqual({ users: { id: 'b' }, codes: { code: 'X' } });
    expect(f.pick(c, 2)).toBe(false);
  });

  it('only() keeps the named feeders and still shares the counters', () => {
    const counters = shared(2);
    const all = new Feeders(
      [
        feeder({ name: 'users' }),
        feeder({ name: 'codes', mode: 'unique', rows: [{ code: 'X' }, { code: 'Y' }], counter: 1 }),
      ],
      counters,
    );
    const onlyUsers = all.only(new Set(['users']));
    const c = ctx();
    expect(onlyUsers.pick(c, 2)).toBe(true);
    expect(c.data).toEqual({ users: { id: 'c' } });

    const onlyCodes = all.only(new Set(['codes', 'unknown']));
    const c2 = ctx();
    expect(onlyCodes.pick(c2, 0)).toBe(true);
    expect(c2.data).toEqual({ codes: { code: 'X' } });
    expect(all.pick(c2, 0)).toBe(true);
    expect(c2.data.codes).toEqual({ code: 'Y' });
    expect(onlyCodes.pick(c2, 1)).toBe(false);

    const none = all.only(new Set());
    const c3 = ctx();
    expect(none.pick(c3, 0)).toBe(true);
    expect(c3.data).toEqual({});
  });
});

describe('loadFeeders', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loadsmith-feeders-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, content: string): Promise<string> {
    await writeFile(join(dir, name), content);
    return name;
  }

  it('reads a CSV file relative to the base directory, with defaults', async () => {
    const f = await file('users.csv', 'id,name\n1,ann\n2,"bob, jr"\n');
    const { feeders, issues } = await loadFeeders({ users: { file: f } }, localPlanFiles(dir), 5);
    expect(issues).toEqual([]);
    expect(feeders).toEqual([
      {
        name: 'users',
        mode: 'sequential',
        onExhausted: 'stop',
        counter: 5,
        columns: ['id', 'name'],
        rows: [
          { id: '1', name: 'ann' },
          { id: '2', name: 'bob, jr' },
        ],
      },
    ]);
  });

  it('gives each feeder the next counter slot and keeps mode and onExhausted', async () => {
    const a = await file('a.csv', 'x\n1\n');
    const b = await file('b.csv', 'y\n2\n');
    const { feeders } = await loadFeeders(
      {
        a: { file: a, mode: 'unique', onExhausted: 'recycle' },
        b: { file: b, mode: 'random' },
      },
      localPlanFiles(dir),
      2,
    );
    expect(feeders.map((f) => [f.name, f.counter, f.mode, f.onExhausted])).toEqual([
      ['a', 2, 'unique', 'recycle'],
      ['b', 3, 'random', 'stop'],
    ]);
  });

  it('reads a JSON array of objects, columns being the union of keys', async () => {
    const f = await file(
      'rows.json',
      JSON.stringify([
        { id: 1, tags: ['x'] },
        { id: 2, extra: null },
      ]),
    );
    const { feeders, issues } = await loadFeeders({ rows: { file: f } }, localPlanFiles(dir), 0);
    expect(issues).toEqual([]);
    expect(feeders[0]?.rows).toEqual([
      { id: 1, tags: ['x'] },
      { id: 2, extra: null },
    ]);
    expect(feeders[0]?.columns).toEqual(['id', 'tags', 'extra']);
  });

  it('turns JSON primitives into a value column', async () => {
    const f = await file('ids.json', '[1, "two", true]');
    const { feeders, issues } = await loadFeeders({ ids: { file: f } }, localPlanFiles(dir), 0);
    expect(issues).toEqual([]);
    expect(feeders[0]?.rows).toEqual([{ value: 1 }, { value: 'two' }, { value: true }]);
    expect(feeders[0]?.columns).toEqual(['value']);
  });

  it('honours format over the extension, and the extension case-insensitively', async () => {
    const t = await file('rows.txt', '[{"a":1}]');
    const u = await file('ROWS2.JSON', '[{"b":2}]');
    const { feeders, issues } = await loadFeeders(
      { t: { file: t, format: 'json' }, u: { file: u } },
      localPlanFiles(dir),
      0,
    );
    expect(issues).toEqual([]);
    expect(feeders.map((f) => f.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('uses the delimiter', async () => {
    const f = await file('semi.csv', 'id;name\n1;a,b\n');
    const { feeders, issues } = await loadFeeders({ s: { file: f, delimiter: ';' } }, localPlanFiles(dir), 0);
    expect(issues).toEqual([]);
    expect(feeders[0]?.rows).toEqual([{ id: '1', name: 'a,b' }]);
  });

  it('reports a missing file against data.NAME.file, and goes on with the others', async () => {
    const ok = await file('ok.csv', 'x\n1\n');
    const { feeders, issues } = await loadFeeders(
      { gone: { file: 'nope/missing.csv' }, ok: { file: ok } },
      localPlanFiles(dir),
      0,
    );
    expect(issues).toEqual([
      {
        path: ['data', 'gone', 'file'],
        message: `cannot read data file ${join(dir, 'nope/missing.csv')}: no such file (paths are relative to the plan file)`,
      },
    ]);
    expect(feeders.map((f) => [f.name, f.counter])).toEqual([['ok', 0]]);
  });

  it('reports empty files and files without rows', async () => {
    const emptyCsv = await file('empty.csv', '');
    const headerOnly = await file('header.csv', 'id,name\n');
    const emptyJson = await file('empty-array.json', '[]');
    const { feeders, issues } = await loadFeeders(
      { e: { file: emptyCsv }, h: { file: headerOnly }, j: { file: emptyJson } },
      localPlanFiles(dir),
      0,
    );
    expect(feeders).toEqual([]);
    expect(issues.map((i) => i.path)).toEqual([
      ['data', 'e', 'file'],
      ['data', 'h', 'file'],
      ['data', 'j', 'file'],
    ]);
    expect(issues[0]?.message).toBe(
      `${join(dir, 'empty.csv')}:1:1: the file is empty: expected a header row with column names`,
    );
    expect(issues[1]?.message).toBe(`${join(dir, 'header.csv')} has no rows`);
    expect(issues[2]?.message).toBe(`${join(dir, 'empty-array.json')} has no rows`);
  });

  it('reports JSON that is invalid, not an array, or holds non-object rows', async () => {
    const bad = await file('bad.json', '{"a":');
    const obj = await file('obj.json', '{"a":1}');
    const nul = await file('null-row.json', '[{"a":1}, null]');
    const arr = await file('array-row.json', '[[1,2]]');
    const { feeders, issues } = await loadFeeders(
      { bad: { file: bad }, obj: { file: obj }, nul: { file: nul }, arr: { file: arr } },
      localPlanFiles(dir),
      0,
    );
    expect(feeders).toEqual([]);
    expect(issues[0]?.message).toMatch(new RegExp(`^${escape(join(dir, 'bad.json'))} is not valid JSON: `));
    expect(issues[1]?.message).toBe(`${join(dir, 'obj.json')} must hold a JSON array of objects (one per row)`);
    expect(issues[2]?.message).toBe(`${join(dir, 'null-row.json')}: row 1 is not an object`);
    expect(issues[3]?.message).toBe(`${join(dir, 'array-row.json')}: row 0 is not an object`);
  });

  it('locates CSV errors as file:line:column', async () => {
    const f = await file('short.csv', 'id,name\n1,ann\n2\n');
    const q = await file('quote.csv', 'id,name\n1,"unterminated\n');
    const { issues } = await loadFeeders({ short: { file: f }, quote: { file: q } }, localPlanFiles(dir), 0);
    expect(issues[0]).toEqual({
      path: ['data', 'short', 'file'],
      message: `${join(dir, 'short.csv')}:3:2: row has 1 field, the header has 2`,
    });
    expect(issues[1]?.message).toMatch(new RegExp(`^${escape(join(dir, 'quote.csv'))}:2:3: unterminated quoted field`));
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
