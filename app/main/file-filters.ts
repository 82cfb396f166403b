/** File-type filters of the native dialogs: what can be imported, and the type of the file being saved. */

export interface FileFilter {
  name: string;
  extensions: string[];
}

const ALL: FileFilter = { name: 'All files', extensions: ['*'] };

/** Plans and everything the importers read (HAR, Postman/OpenAPI JSON or YAML, cURL commands, Vegeta targets). */
export const OPEN_FILTERS: FileFilter[] = [
  { name: 'Plans and importable files', extensions: ['yaml', 'yml', 'json', 'har', 'sh', 'curl', 'txt', 'cmd', 'bat'] },
  { name: 'Plans', extensions: ['yaml', 'yml', 'json'] },
  ALL,
];

const BY_EXTENSION: Record<string, string> = {
  yaml: 'Plan (YAML)',
  yml: 'Plan (YAML)',
  json: 'JSON',
  js: 'k6 script',
  sh: 'cURL commands (bash)',
  cmd: 'cURL commands (cmd)',
  har: 'HAR file',
  html: 'HTML report',
  xml: 'JUnit XML',
  csv: 'CSV',
  ndjson: 'NDJSON',
};

/** The save dialog's filters for a suggested file name: its own type first, then all files. */
export function saveFilters(fileName: string): FileFilter[] {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const name = ext === undefined ? undefined : BY_EXTENSION[ext];
  return name === undefined || ext === undefined ? [ALL] : [{ name, extensions: [ext] }, ALL];
}
