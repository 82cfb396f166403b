/** Preferences: one JSON value per key. */
import { parseJson, toJson } from './codec.ts';
import type { RepoContext } from './context.ts';
import type { SettingsRepository } from './types.ts';

/** Settings on SQLite. `set(key, undefined)` removes the key; a corrupt stored value is skipped (noted through warn). */
export function settingsRepository({ db, warn }: RepoContext): SettingsRepository {
  const selectAll = db.prepare('SELECT key, value FROM settings ORDER BY key');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    all: () => {
      const entries: [string, unknown][] = [];
      for (const r of selectAll.all() as { key: string; value: string }[]) {
        try {
          entries.push([r.key, parseJson(r.value, `settings ${r.key}`)]);
        } catch (e) {
          warn(`${(e as Error).message} (skipped: the default applies)`);
        }
      }
      return Object.fromEntries(entries);
    },
    set: (key, value) => {
      if (key === '') throw new Error('a setting needs a key');
      if (value === undefined) remove.run(key);
      else upsert.run(key, toJson(value, `setting ${key}`));
    },
  };
}
