/**
 * Data files in a temp data dir: upload stores under files/ with safe unique names, list shows them, preview reads
 * CSV and JSON through the engine's loader (errors located), and path tricks and oversized files are refused.
 */
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../contract/index.ts';
import { openStore } from '../store/index.ts';
import { fileHandlers, MAX_FILE_BYTES, storedName } from './files.ts';
import { createServices } from './index.ts';
import { appPlanFiles } from './plan-file-access.ts';

let dir: string;
let files: ReturnType<typeof fileHandlers>;
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-files-'));
  files = fileHandlers(dir, () => appPlanFiles({ dataDir: dir, grantedFolders: [] }));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refused(p: unknown): Promise<ContractError> {
  const e = await Promise.resolve(p).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ContractError);
  return e as ContractError;
}

describe('files.upload', () => {
  it('stores the bytes under files/ and returns the relative path', async () => {
    const r = await files['files.upload']({ name: 'users.csv', contentBase64: b64('email\na@x\n') });
    expect(r).toEqual({ path: 'files/users.csv', size: 10 });
    expect(await readFile(join(dir, 'files', 'users.csv'), 'utf8')).toBe('email\na@x\n');
  });

  it('keeps both files when names clash, and reuses the file for identical content', async () => {
    await files['files.upload']({ name: 'users.csv', contentBase64: b64('a\n1\n') });
    expect((await files['files.upload']({ name: 'users.csv', contentBase64: b64('a\n2\n') })).path).toBe(
      'files/users-2.csv',
    );
    expect((await files['files.upload']({ name: 'users.csv', contentBase64: b64('a\n1\n') })).path).toBe(
      'files/users.csv',
    );
    expect(await readFile(join(dir, 'files', 'users.csv'), 'utf8')).toBe('a\n1\n');
  });

  it('sanitises unusual characters', async () => {
    expect(storedName('my users (copy).csv')).toBe('my_users_copy.csv');
    expect(storedName('Données.JSON')).toBe('Données.json');
  });

  it.each(['../users.csv', 'a/b.csv', 'a\\b.csv', '..', '.hidden.csv', 'C:evil.csv', 'x\0.csv'])(
    'refuses the path trick %j',
    async (name) => {
      const e = await refused(files['files.upload']({ name, contentBase64: b64('a\n1\n') }));
      expect(e.code).toBe('invalid_params');
    },
  );

  it('attaches a body file of any type, stored 0600 whatever the umask', async () => {
    const r = await files['files.upload']({ name: 'photo (1).PNG', contentBase64: b64('png'), kind: 'body' });
    expect(r.path).toBe('files/photo_1.png');
    expect((await stat(join(dir, 'files', 'photo_1.png'))).mode & 0o777).toBe(0o600);
    expect((await files['files.upload']({ name: 'Makefile', contentBase64: b64('x'), kind: 'body' })).path).toBe(
      'files/Makefile',
    );
  });

  it('refuses files that are not CSV or JSON, and bad base64', async () => {
    expect((await refused(files['files.upload']({ name: 'run.sh', contentBase64: b64('x') }))).message).toMatch(
      /not a data file/,
    );
    expect((await refused(files['files.upload']({ name: 'a.csv', contentBase64: 'not base64!' }))).message).toMatch(
      /base64/,
    );
  });

  it('refuses files over the size limit', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x61).toString('base64');
    expect((await refused(files['files.upload']({ name: 'big.csv', contentBase64: big }))).message).toMatch(
      /larger than 50 MB/,
    );
    const exact = Buffer.alloc(MAX_FILE_BYTES, 0x61).toString('base64');
    expect((await files['files.upload']({ name: 'ok.csv', contentBase64: exact })).size).toBe(MAX_FILE_BYTES);
  });
});

describe('files.list', () => {
  it('is empty before any upload, then lists stored files by name', async () => {
    expect(await files['files.list']({})).toEqual([]);
    await files['files.upload']({ name: 'b.json', contentBase64: b64('[]') });
    await files['files.upload']({ name: 'a.csv', contentBase64: b64('x\n1\n') });
    const list = await files['files.list']({});
    expect(list.map((f) => [f.path, f.size])).toEqual([
      ['files/a.csv', 4],
      ['files/b.json', 2],
    ]);
    expect(Number.isNaN(Date.parse(list[0]?.modified ?? ''))).toBe(false);
  });
});

describe('files.preview', () => {
  const upload = async (name: string, text: string): Promise<string> =>
    (await files['files.upload']({ name, contentBase64: b64(text) })).path;

  it('shows the first rows of a CSV file, its columns and the total', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `u${i}@x,"Name, ${i}"`).join('\n');
    const path = await upload('users.csv', `email,name\n${rows}\n`);
    const p = await files['files.preview']({ path });
    expect(p.columns).toEqual(['email', 'name']);
    expect(p.total).toBe(25);
    expect(p.rows).toHaveLength(10);
    expect(p.rows[1]).toEqual({ email: 'u1@x', name: 'Name, 1' });
    expect((await files['files.preview']({ path, rows: 3 })).rows).toHaveLength(3);
  });

  it('honours the delimiter and an explicit format', async () => {
    const path = await upload('users.txt', 'a;b\n1;2\n');
    expect((await files['files.preview']({ path, delimiter: ';' })).rows).toEqual([{ a: '1', b: '2' }]);
    const json = await upload('rows.txt', '[{"id":1}]');
    expect((await files['files.preview']({ path: json, format: 'json' })).rows).toEqual([{ id: 1 }]);
  });

  it('reads JSON arrays as the engine does (objects, and scalars as a value column)', async () => {
    const path = await upload('items.json', '[{"id":1,"tags":["a"]},{"id":2,"extra":true}]');
    const p = await files['files.preview']({ path });
    expect(p.columns).toEqual(['id', 'tags', 'extra']);
    expect(p.rows).toEqual([
      { id: 1, tags: ['a'] },
      { id: 2, extra: true },
    ]);
    expect((await files['files.preview']({ path: await upload('ids.json', '[1,2,3]') })).rows).toEqual([
      { value: 1 },
      { value: 2 },
      { value: 3 },
    ]);
  });

  it('reports CSV errors with the plan path and line:column, and JSON errors', async () => {
    const csv = await upload('bad.csv', 'a,b\n1,2\n3,4,5\n');
    expect((await refused(files['files.preview']({ path: csv }))).message).toBe(
      'files/bad.csv:3:5: row has 3 fields, the header has 2',
    );
    const json = await upload('bad.json', '{"a":1}');
    expect((await refused(files['files.preview']({ path: json }))).message).toMatch(
      /^files\/bad\.json must hold a JSON array/,
    );
    const empty = await upload('empty.json', '[]');
    expect((await refused(files['files.preview']({ path: empty }))).message).toBe('files/empty.json has no rows');
  });

  it('refuses paths outside files/ and missing files', async () => {
    await writeFile(join(dir, 'secret.csv'), 'a\n1\n');
    for (const path of [
      'secret.csv',
      'files/../secret.csv',
      '/etc/passwd',
      'files',
      '../x.csv',
      join(dir, 'secret.csv'),
    ]) {
      const e = await refused(files['files.preview']({ path }));
      expect(e.code).toBe('invalid_params');
      expect(e.message).toMatch(/not a file attached in the app|cannot be read|data folder/);
    }
    expect((await refused(files['files.preview']({ path: 'files/nope.csv' }))).message).toMatch(
      /files\/nope\.csv is not attached/,
    );
  });

  it('does not follow a symlink out of files/', async () => {
    await writeFile(join(dir, 'secret.csv'), 'a\n1\n');
    await mkdir(join(dir, 'files'), { recursive: true });
    await symlink(join(dir, 'secret.csv'), join(dir, 'files', 'link.csv'));
    expect((await refused(files['files.preview']({ path: 'files/link.csv' }))).message).toMatch(
      /leads outside the attached files/,
    );
  });
});

describe('wiring', () => {
  it('the services answer files.* through the dispatcher', async () => {
    const services = createServices({
      store: openStore({ dataDir: dir }),
      dataDir: dir,
      mode: 'browser',
      dispatcher: { checkResults: true },
    });
    try {
      const up = await services.dispatcher.call('files.upload', { name: 'u.csv', contentBase64: b64('a\n1\n') });
      expect(up).toEqual({ ok: true, result: { path: 'files/u.csv', size: 4 } });
      const bad = await services.dispatcher.call('files.upload', { name: '../u.csv', contentBase64: b64('a') });
      expect(bad.ok).toBe(false);
    } finally {
      await services.close();
    }
  });
});
