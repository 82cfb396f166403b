/** Applying pending migrations: all of them in one immediate transaction, recorded in `_migrations`. */
import type Database from 'better-sqlite3';
import type { Migration } from './migrations.ts';
import { MIGRATIONS_TABLE_SQL, checkApplied, readApplied } from './schema-check.ts';

/**
 * Brings the database up to `known`, re-checking what is applied inside the write transaction (another process may
 * have migrated since the read-only preflight). Either every pending migration is applied or none is.
 * Returns the names of the migrations applied now (empty when the database was current).
 */
export function applyMigrations(
  db: Database.Database,
  known: readonly Migration[],
  file: string,
  appliedAt: string,
): string[] {
  const run = db.transaction((): string[] => {
    const applied = readApplied(db, file) ?? [];
    checkApplied(applied, known, file);
    db.exec(MIGRATIONS_TABLE_SQL);
    const done = new Set(applied.map((a) => a.id));
    const record = db.prepare('INSERT INTO _migrations (id, name, hash, applied_at) VALUES (?, ?, ?, ?)');
    const names: string[] = [];
    for (const m of known) {
      if (done.has(m.id)) continue;
      try {
        db.exec(m.sql);
      } catch (e) {
        throw new Error(
          `migration ${m.name}.sql failed on ${file}: ${e instanceof Error ? e.message : String(e)} (nothing was applied)`,
          { cause: e },
        );
      }
      record.run(m.id, m.name, m.hash, appliedAt);
      names.push(m.name);
    }
    return names;
  });
  return run.immediate();
}
