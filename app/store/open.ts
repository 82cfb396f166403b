/**
 * Opening the store: one SQLite file in the data directory, checked read-only first (never touch a database from
 * a newer Loadsmith or with an edited migration), then WAL mode, foreign keys, migrations in one transaction, and
 * recovery of runs a crash left `running`.
 */
import { markScrubbed } from './free-space.ts';
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { warnOnce, type Warn } from './codec.ts';
import { localKeyCipher } from './cipher.ts';
import type { RepoContext } from './context.ts';
import { defaultDataDir, ensureDataDir } from './data-dir.ts';
import { environmentRepository } from './environments.ts';
import { applyMigrations } from './migrate.ts';
import { loadMigrations } from './migrations.ts';
import { planRepository } from './plans.ts';
import { recordingRepository } from './recordings.ts';
import { claimOwner, releaseOwner } from './run-owner.ts';
import { runRepository } from './runs.ts';
import { preflight } from './schema-check.ts';
import { settingsRepository } from './settings.ts';
import type { SecretCipher, Store } from './types.ts';

/** The database file's name in the data directory. */
export const DB_FILE = 'loadsmith.db';
/** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export interface OpenStoreOptions {
  /** Default: defaultDataDir(). Created (mode 0700) when missing. */
  dataDir?: string;
  /** The database file; a relative path is taken inside dataDir. Default `loadsmith.db`. */
  file?: string;
  /** Default: localKeyCipher(dataDir). The desktop app passes one on Electron's safeStorage. */
  cipher?: SecretCipher;
  now?: () => Date;
  /** Where notes about corrupt stored values go (each once). Default: console.warn. */
  warn?: Warn;
}

/** The SQLite settings the store runs with, as SQLite reports them. */
export interface StorePragmas {
  journalMode: string;
  foreignKeys: boolean;
  busyTimeoutMs: number;
  synchronous: number;
}

/** A Store as openStore returns it, with what happened at open. */
export interface OpenedStore extends Store {
  readonly dataDir: string;
  readonly cipher: SecretCipher;
  /** Migrations applied by this open, e.g. ['001_plans', '002_runs'] for a new file; [] when it was current. */
  readonly applied: readonly string[];
  /** Runs a crash had left `running` that this open marked `interrupted`. */
  readonly recovered: number;
  pragmas(): StorePragmas;
}

/**
 * Opens (creating or upgrading) the store. Throws StoreVersionError, leaving the file untouched, when the database
 * was written by a newer Loadsmith or an applied migration differs from the shipped one.
 */
export function openStore(options: OpenStoreOptions = {}): OpenedStore {
  const dataDir = ensureDataDir(options.dataDir ?? defaultDataDir());
  const file = path.resolve(dataDir, options.file ?? DB_FILE);
  const migrations = loadMigrations();
  const existed = existsSync(file) && statSync(file).size > 0;
  if (existed) preflight(file, migrations);

  const clock = options.now ?? (() => new Date());
  ownerOnly(file);
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  let owner: ReturnType<typeof claimOwner> | undefined;
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal')
      throw new Error(`${file}: SQLite cannot use WAL mode here (journal_mode stays ${String(mode)})`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL'); // with WAL: durable at checkpoints, never corrupt; a run writes once per second
    // What is deleted or replaced is overwritten in the file, not left in free space: an autosaved draft holding a
    // token, replaced within seconds, must not outlive the token's move into the secrets (free-space.ts).
    db.pragma('secure_delete = ON');
    if (!existed) markScrubbed(db);
    ownerOnly(file); // the -wal and -shm files WAL mode created (SQLite gives them the database's mode)
    const applied = applyMigrations(db, migrations, file, clock().toISOString());
    const ctx: RepoContext = {
      db,
      now: () => clock().toISOString(),
      warn: warnOnce(options.warn ?? console.warn),
      cipher: options.cipher ?? localKeyCipher(dataDir),
    };
    owner = claimOwner();
    const runs = runRepository(ctx, owner);
    const recovered = runs.markInterrupted();
    const claimed = owner;
    let open = true;
    return {
      file,
      dataDir,
      cipher: ctx.cipher,
      applied,
      recovered,
      runs,
      plans: planRepository(ctx),
      environments: environmentRepository(ctx),
      recordings: recordingRepository(ctx),
      settings: settingsRepository(ctx),
      pragmas: () => ({
        journalMode: String(db.pragma('journal_mode', { simple: true })),
        foreignKeys: db.pragma('foreign_keys', { simple: true }) === 1,
        busyTimeoutMs: Number(db.pragma('busy_timeout', { simple: true })),
        synchronous: Number(db.pragma('synchronous', { simple: true })),
      }),
      close: () => {
        if (!open) return;
        open = false;
        releaseOwner(claimed);
        try {
          db.pragma('optimize');
        } finally {
          db.close();
        }
      },
    };
  } catch (e) {
    if (owner) releaseOwner(owner);
    db.close();
    throw e;
  }
}

/**
 * The database and its -wal/-shm files readable by their owner only (0600), whatever the folder and the umask: it
 * holds plans, recordings and encrypted secrets, and `--data-dir` may point into a folder others can read. Files
 * an older Loadsmith created 0644 are tightened too. Creates the database file when it is missing.
 */
function ownerOnly(file: string): void {
  if (process.platform === 'win32') return;
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}
