/**
 * The numbered migrations shipped in `app/store/migrations` (NNN_name.sql), loaded from disk next to this module.
 * Each is identified by its number and checked by the sha256 of its text, so an applied one cannot be edited silently.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One migration file. `hash` is the sha256 (hex) of its text with line endings normalized to \n. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
  hash: string;
}

/** The directory the migrations ship in. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/**
 * sha256 of a migration's text. CRLF is normalized to LF first, so a Windows checkout (git autocrlf) of the same
 * file is not mistaken for an edited migration.
 */
export function migrationHash(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
}

/**
 * Reads every migration in `dir`, ordered by number. Throws when a .sql file is misnamed or the numbers are not
 * 1, 2, 3, ... without gaps or duplicates: a packaging mistake must not skip a migration silently.
 */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const m = FILE.exec(file);
    if (!m)
      throw new Error(
        `migration file ${path.join(dir, file)} is misnamed: expected NNN_name.sql (e.g. 003_recordings.sql)`,
      );
    const sql = readFileSync(path.join(dir, file), 'utf8');
    migrations.push({ id: Number(m[1]), name: file.slice(0, -'.sql'.length), sql, hash: migrationHash(sql) });
  }
  migrations.forEach((m, i) => {
    if (m.id !== i + 1)
      throw new Error(
        `migrations in ${dir} must be numbered 001, 002, ... without gaps or duplicates; found ${m.name} at position ${i + 1}`,
      );
  });
  if (migrations.length === 0) throw new Error(`no migrations found in ${dir}`);
  return migrations;
}
