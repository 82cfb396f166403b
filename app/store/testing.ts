/**
 * Test helpers for app/store: a temp directory per test (removed afterwards), stores closed afterwards, a
 * deterministic clock, and raw SQLite access to the file behind a store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { openStore, type OpenStoreOptions, type OpenedStore } from './open.ts';

/** A clock that starts at `start` and advances one second per call. */
export function steppingClock(start = '2025-03-01T12:00:00.000Z'): () => Date {
  let t = Date.parse(start);
  return () => new Date((t += 1000) - 1000);
}

export interface StoreFixture {
  /** A fresh temp directory, removed after the test. */
  dir(): Promise<string>;
  /** Opens a store (in a fresh temp dir unless `dataDir` is given); closed after the test. Notes go to `warnings`. */
  open(options?: OpenStoreOptions): Promise<OpenedStore>;
  /** A raw connection to a database file, closed after the test. */
  raw(file: string, options?: Database.Options): Database.Database;
  warnings: string[];
}

/** Call once at the top of a test file (registers the afterEach cleanup). */
export function storeFixture(): StoreFixture {
  const dirs: string[] = [];
  const closers: (() => void)[] = [];
  const warnings: string[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
    warnings.length = 0;
  });
  const dir = async (): Promise<string> => {
    const d = await mkdtemp(path.join(tmpdir(), 'loadsmith-store-'));
    dirs.push(d);
    return d;
  };
  return {
    dir,
    warnings,
    async open(options = {}) {
      const store = openStore({
        now: steppingClock(),
        warn: (m) => warnings.push(m),
        ...options,
        dataDir: options.dataDir ?? (await dir()),
      });
      closers.push(() => store.close());
      return store;
    },
    raw(file, options) {
      const db = new Database(file, { fileMustExist: true, ...options });
      closers.push(() => db.close());
      return db;
    },
  };
}
