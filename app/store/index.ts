/** app/store: the SQLite store behind the services (plans, environments, runs, settings). */
export type * from './types.ts';
export { StoreConflictError, StoreVersionError } from './types.ts';
export { StoreCorruptError } from './codec.ts';
export { openStore, DB_FILE, type OpenStoreOptions, type OpenedStore, type StorePragmas } from './open.ts';
export { defaultDataDir, ensureDataDir } from './data-dir.ts';
export { localKeyCipher, aesGcmCipher, SECRET_KEY_FILE } from './cipher.ts';
