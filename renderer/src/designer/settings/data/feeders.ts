/** Data feeders as the designer creates them: a name from the file name, and the fields a new feeder starts with. */
import { RESERVED_NAMES, VARIABLE_PATTERN, type DataFeeder, type DataFormat } from 'loadsmith/plan';

const VALID = new RegExp(VARIABLE_PATTERN);

/** Why a feeder name cannot be used (it is `${data.NAME.COLUMN}` in templates), or undefined when it can. */
export function feederNameProblem(name: string, others: readonly string[]): string | undefined {
  if (!VALID.test(name)) return 'names start with a letter or _ and contain letters, digits and _';
  if ((RESERVED_NAMES as readonly string[]).includes(name))
    return `'${name}' is reserved (${RESERVED_NAMES.join(', ')})`;
  if (others.includes(name)) return `there is already a data file named '${name}'`;
  return undefined;
}

/** `Users List.csv` -> `Users_List`, unique among `existing` (users, users_2, ...). */
export function feederNameFor(fileName: string, existing: readonly string[]): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/-\d+$/, '');
  let name = base.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (name === '' || /^\d/.test(name)) name = `rows_${name}`.replace(/_$/, '');
  if ((RESERVED_NAMES as readonly string[]).includes(name)) name = `${name}_rows`;
  let candidate = name;
  for (let n = 2; existing.includes(candidate); n++) candidate = `${name}_${n}`;
  return candidate;
}

/** A new feeder for a stored file: tab-separated files get their delimiter, everything else the engine's defaults. */
export function newFeeder(path: string): DataFeeder {
  return { file: path, ...(/\.tsv$/i.test(path) ? { delimiter: '\t' } : {}) };
}

/** The format the engine will read the file as (explicit, else from the extension). */
export function effectiveFormat(file: unknown, format: unknown): DataFormat {
  if (format === 'csv' || format === 'json') return format;
  return typeof file === 'string' && /\.json$/i.test(file) ? 'json' : 'csv';
}
