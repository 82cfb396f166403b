import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.ts';
import { loadMigrations, migrationHash, MIGRATIONS_DIR } from './migrations.ts';
import { openStore } from './open.ts';
import { storeFixture } from './testing.ts';
import { StoreVersionError } from './types.ts';

const fx = storeFixture();
const sha256 = (text: string) => migrationHash(text);

/**
 * Changes a closed store's file with a raw connection, leaving it in rollback-journal mode: then even switching it
 * to WAL (the first thing a careless open does) would change its bytes, so "byte-identical" proves nothing wrote.
 */
function tamper(file: string, sql: string): void {
  const raw = new Database(file);
  raw.exec(sql);
  raw.pragma('journal_mode = DELETE');
  raw.close();
}
const snapshot = async (file: string) => ({ bytes: await readFile(file), files: await readdir(path.dirname(file)) });

describe('migrations at open', () => {
  it('gives a fresh database every migration, recorded with name, hash of the file and time', async () => {
    const store = await fx.open();
    expect(store.applied).toEqual([
      '001_plans',
      '002_runs',
      '003_run_labels',
      '004_recordings',
      '005_revision_labels',
      '006_run_stopped_by',
      '007_recording_messages',
    ]);
    const rows = fx.raw(store.file).prepare('SELECT id, name, hash, applied_at FROM _migrations ORDER BY id').all();
    expect(rows).toEqual([
      {
        id: 1,
        name: '001_plans',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '001_plans.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 2,
        name: '002_runs',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '002_runs.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 3,
        name: '003_run_labels',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '003_run_labels.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 4,
        name: '004_recordings',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '004_recordings.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 5,
        name: '005_revision_labels',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '005_revision_labels.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 6,
        name: '006_run_stopped_by',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '006_run_stopped_by.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
      {
        id: 7,
        name: '007_recording_messages',
        hash: sha256(readFileSync(path.join(MIGRATIONS_DIR, '007_recording_messages.sql'), 'utf8')),
        applied_at: '2025-03-01T12:00:00.000Z',
      },
    ]);
    expect(path.basename(store.file)).toBe('loadsmith.db');
  });

  it('applies nothing when reopening a current database', async () => {
    const first = await fx.open();
    first.plans.create({ id: 'p', name: 'P', document: { a: 1 }, valid: true, scenarios: 1, requests: 1 });
    first.close();
    const again = await fx.open({ dataDir: first.dataDir });
    expect(again.applied).toEqual([]);
    expect(again.plans.get('p')?.document).toEqual({ a: 1 });
    expect(fx.raw(again.file).prepare('SELECT count(*) FROM _migrations').pluck().get()).toBe(7);
  });

  it('refuses a database whose applied migration was edited, leaving the file byte-identical', async () => {
    const store = await fx.open();
    store.close();
    tamper(store.file, "UPDATE _migrations SET hash = 'deadbeef' || substr(hash, 9) WHERE id = 1");
    const before = await snapshot(store.file);
    expect(() => openStore({ dataDir: store.dataDir })).toThrow(StoreVersionError);
    expect(() => openStore({ dataDir: store.dataDir })).toThrow(
      /migration 001_plans\.sql was edited after it was applied to .*loadsmith\.db \(recorded sha256 deadbeef/,
    );
    expect(await snapshot(store.file)).toEqual(before);
  });

  it('refuses a database written by a newer Loadsmith, leaving the file byte-identical', async () => {
    const store = await fx.open();
    store.plans.create({ id: 'p', name: 'P', document: {}, valid: false, scenarios: 0, requests: 0 });
    store.close();
    tamper(
      store.file,
      "INSERT INTO _migrations (id, name, hash, applied_at) VALUES (999, '999_future', 'x', '2030-01-01T00:00:00.000Z')",
    );
    const before = await snapshot(store.file);
    expect(before.files).toEqual(['loadsmith.db']);
    let error: unknown;
    try {
      openStore({ dataDir: store.dataDir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreVersionError);
    expect((error as Error).message).toBe(
      `${store.file} was written by a newer Loadsmith (schema 999; this version knows up to ${loadMigrations().length}): upgrade Loadsmith or use another --data-dir`,
    );
    expect(await snapshot(store.file)).toEqual(before);
  });

  it('refuses a newer database in WAL mode too, leaving the database file byte-identical', async () => {
    const store = await fx.open();
    store.close();
    const raw = new Database(store.file);
    const known = loadMigrations().length;
    raw
      .prepare(
        `INSERT INTO _migrations (id, name, hash, applied_at) VALUES (${known + 1}, 'next', 'x', '2030-01-01T00:00:00.000Z')`,
      )
      .run();
    raw.close();
    const before = await readFile(store.file);
    expect(() => openStore({ dataDir: store.dataDir })).toThrow(
      `written by a newer Loadsmith (schema ${known + 1}; this version knows up to ${known})`,
    );
    expect((await readFile(store.file)).equals(before)).toBe(true);
  });

  it('refuses files that are not Loadsmith databases without changing them', async () => {
    const dir = await fx.dir();
    await writeFile(path.join(dir, 'loadsmith.db'), 'not sqlite at all, just some text that is long enough');
    expect(() => openStore({ dataDir: dir })).toThrow(/is not a Loadsmith database \(not an SQLite file\)/);
    const other = path.join(dir, 'other.db');
    new Database(other).exec('CREATE TABLE foo (a)').close();
    const before = await readFile(other);
    expect(() => openStore({ dataDir: dir, file: 'other.db' })).toThrow(
      /other\.db is not a Loadsmith database \(it has tables but no _migrations\)/,
    );
    expect((await readFile(other)).equals(before)).toBe(true);
  });

  it('applies all pending migrations in one transaction: a failing one leaves nothing behind', async () => {
    const file = path.join(await fx.dir(), 'x.db');
    const db = fx.raw(file, { fileMustExist: false });
    const good = { id: 1, name: '001_good', sql: 'CREATE TABLE a (x INTEGER) STRICT;', hash: sha256('a') };
    const bad = {
      id: 2,
      name: '002_bad',
      sql: 'CREATE TABLE b (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);',
      hash: sha256('b'),
    };
    expect(() => applyMigrations(db, [good, bad], file, 'now')).toThrow(
      /migration 002_bad\.sql failed on .*no such table: nowhere \(nothing was applied\)/,
    );
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all()).toEqual([]);
    expect(applyMigrations(db, [good], file, 'now')).toEqual(['001_good']);
  });
});

describe('migration files', () => {
  it('hashes text with CRLF normalized, so a Windows checkout matches', () => {
    expect(migrationHash('a\r\nb\r\n')).toBe(migrationHash('a\nb\n'));
    expect(migrationHash('a\nb')).not.toBe(migrationHash('a\nc'));
  });

  it('refuses misnamed files and gaps in the numbering', async () => {
    const dir = await fx.dir();
    await mkdir(path.join(dir, 'gap'));
    await writeFile(path.join(dir, 'gap', '001_a.sql'), 'SELECT 1;');
    await writeFile(path.join(dir, 'gap', '003_c.sql'), 'SELECT 1;');
    expect(() => loadMigrations(path.join(dir, 'gap'))).toThrow(
      /without gaps or duplicates; found 003_c at position 2/,
    );
    await mkdir(path.join(dir, 'bad'));
    await writeFile(path.join(dir, 'bad', '1-plans.sql'), 'SELECT 1;');
    expect(() => loadMigrations(path.join(dir, 'bad'))).toThrow(/1-plans\.sql is misnamed/);
    expect(loadMigrations().map((m) => m.name)).toEqual([
      '001_plans',
      '002_runs',
      '003_run_labels',
      '004_recordings',
      '005_revision_labels',
      '006_run_stopped_by',
      '007_recording_messages',
    ]);
  });
});
