/**
 * Deleted and replaced text must not stay readable in the database file: an autosaved draft holding a token, a
 * credential moved into the secrets. The connection runs with secure_delete on (open.ts), which overwrites what it
 * frees; a file that an earlier version wrote may still hold freed text, which only a VACUUM removes. The file's
 * user_version records that it was scrubbed, so the VACUUM is paid once.
 */
import type Database from 'better-sqlite3';

/** user_version of a file whose free space holds nothing deleted without secure_delete. */
const SCRUBBED = 1;

/** A new file: nothing was ever deleted in it without secure_delete. */
export function markScrubbed(db: Database.Database): void {
  db.pragma(`user_version = ${SCRUBBED}`);
}

/** Removes freed text an earlier version left (once per file), then empties the WAL, which holds old pages too. */
export function scrubFreeSpace(db: Database.Database): void {
  if (db.pragma('user_version', { simple: true }) !== SCRUBBED) {
    db.exec('VACUUM');
    markScrubbed(db);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
}
