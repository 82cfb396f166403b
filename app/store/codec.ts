/**
 * How values cross the SQLite boundary: documents as JSON text, times as ISO strings, booleans as 0/1.
 *
 * Corrupt JSON policy (a row edited by hand, a disk error): reading never crashes a list. Lists, run details and
 * settings read a corrupt cell as `null` (samples and settings skip it) and report it once through `warn`.
 * Single plan documents (plans.get, plans.revision) throw StoreCorruptError instead, because showing an empty
 * plan would invite the user to save over what may still be recoverable.
 */

/** A stored value could not be read back (corrupt JSON in a row); the message names table, row and column. */
export class StoreCorruptError extends Error {}

/** Receives one-line notes about skipped or nulled corrupt values. */
export type Warn = (message: string) => void;

/** JSON text for a column; `undefined` is stored as `null`. Throws TypeError for values JSON cannot hold. */
export function toJson(value: unknown, what: string): string {
  if (value === undefined) return 'null';
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new TypeError(`${what}: cannot be stored as JSON (${e instanceof Error ? e.message : String(e)})`, {
      cause: e,
    });
  }
  if (text === undefined) throw new TypeError(`${what}: cannot be stored as JSON (${typeof value})`);
  return text;
}

/** Parses a JSON column or throws StoreCorruptError naming `where` (e.g. `plan_revisions p1#3 document`). */
export function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new StoreCorruptError(`corrupt JSON in ${where}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}

/** Parses a nullable JSON column; a corrupt value reads as null and is reported through `warn`. */
export function parseJsonOrNull(text: string | null, where: string, warn: Warn): unknown {
  if (text === null) return null;
  try {
    return parseJson(text, where);
  } catch (e) {
    warn(`${(e as Error).message} (read as null)`);
    return null;
  }
}

/** Normalizes a time to `Date.toISOString()` form (so text order is time order); throws on an invalid time. */
export function isoTime(value: string, what: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`${what}: '${value}' is not a valid time`);
  return new Date(ms).toISOString();
}

/** Wraps a warn function so each distinct message is reported once per store. */
export function warnOnce(warn: Warn): Warn {
  const seen = new Set<string>();
  return (message) => {
    if (seen.has(message)) return;
    seen.add(message);
    warn(message);
  };
}
