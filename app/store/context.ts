/** What every repository gets from openStore. */
import type Database from 'better-sqlite3';
import type { Warn } from './codec.ts';
import type { SecretCipher } from './types.ts';

export interface RepoContext {
  db: Database.Database;
  /** The current time as an ISO string (injectable clock). */
  now: () => string;
  /** Notes about corrupt values that were skipped or read as null. */
  warn: Warn;
  cipher: SecretCipher;
}
