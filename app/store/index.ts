/** app/store: the SQLite store behind the services (plans, environments, runs, settings). */
export type * from './types.ts';
export { openStore } from './open.ts';
export { defaultDataDir } from './data-dir.ts';
