/**
 * Deciding whether this code may use a database: never one written by a newer Loadsmith, never one whose applied
 * migrations differ from ours. The first check runs on a read-only connection, so a refused file is not modified.
 */
import Database from 'better-sqlite3';
import type { Migration } from './migrations.ts';
import { StoreVersionError } from './types.ts';

/** A row of `_migrations`. */
export interface AppliedMigration {
  id: number;
  name: string;
  hash: string;
  applied_at: string;
}

/** The bookkeeping table (created by the code, not by a migration). */
export const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS _migrations (
  id         INTEGER PRIMARY KEY NOT NULL,
  name       TEXT NOT NULL,
  hash       TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`;

type Db = Database.Database;

/** The recorded migrations, or undefined when the database has no `_migrations` table yet. */
export function readApplied(db: Db, file: string): AppliedMigration[] | undefined {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .pluck()
    .all() as string[];
  if (!tables.includes('_migrations')) {
    if (tables.length > 0)
      throw new Error(`${file} is not a Loadsmith database (it has tables but no _migrations): use another --data-dir`);
    return undefined;
  }
  return db.prepare('SELECT id, name, hash, applied_at FROM _migrations ORDER BY id').all() as AppliedMigration[];
}

/** Throws StoreVersionError when `applied` was not produced by exactly these migrations (a prefix of them is fine). */
export function checkApplied(applied: readonly AppliedMigration[], known: readonly Migration[], file: string): void {
  const maxKnown = known.length === 0 ? 0 : Math.max(...known.map((m) => m.id));
  const maxApplied = applied.reduce((max, a) => Math.max(max, a.id), 0);
  if (maxApplied > maxKnown) {
    throw new StoreVersionError(
      `${file} was written by a newer Loadsmith (schema ${maxApplied}; this version knows up to ${maxKnown}): upgrade Loadsmith or use another --data-dir`,
    );
  }
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const a of applied) {
    const m = byId.get(a.id);
    if (!m)
      throw new StoreVersionError(
        `${file} records migration ${a.id} (${a.name}), which this Loadsmith does not know: upgrade Loadsmith or use another --data-dir`,
      );
    if (m.name !== a.name) {
      throw new StoreVersionError(
        `${file} applied migration ${a.id} as ${a.name}, but this Loadsmith ships ${m.name}: use the Loadsmith that wrote it, or another --data-dir. The database was not modified.`,
      );
    }
    if (m.hash !== a.hash) {
      throw new StoreVersionError(
        `migration ${m.name}.sql was edited after it was applied to ${file} (recorded sha256 ${a.hash.slice(0, 12)}…, ` +
          `file now ${m.hash.slice(0, 12)}…): an applied migration must never change. Restore the original file and put the ` +
          'change in a new numbered migration, or use another --data-dir. The database was not modified.',
      );
    }
  }
}

/**
 * Checks an existing database file on a read-only connection before anything may write to it.
 * Returns the applied migrations (undefined for a file without `_migrations`, i.e. empty).
 */
export function preflight(file: string, known: readonly Migration[]): AppliedMigration[] | undefined {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const applied = readApplied(db, file);
    if (applied) checkApplied(applied, known, file);
    return applied;
  } catch (e) {
    if (e instanceof Error && (e as { code?: unknown }).code === 'SQLITE_NOTADB') {
      throw new Error(`${file} is not a Loadsmith database (not an SQLite file): use another --data-dir`, { cause: e });
    }
    throw e;
  } finally {
    db.close();
  }
}
