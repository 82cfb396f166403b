/**
 * What every converter returns: the converted thing and a report of what did not convert as it was.
 * Nothing a source format holds is dropped silently: it is either in the plan or in a note.
 */
import type { Plan } from '../plan/schema/index.ts';

/** The formats `loadsmith import` reads. */
export const IMPORT_FORMATS = ['curl', 'har', 'postman', 'openapi', 'vegeta', 'jmeter'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The shells whose quoting cURL commands are read and written in (`--shell`). */
export const SHELLS = ['bash', 'cmd'] as const;
export type Shell = (typeof SHELLS)[number];

/** The formats `loadsmith export` writes. */
export const EXPORT_FORMATS = ['k6', 'curl', 'har'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The kinds of a conversion report's notes.
 * - `not-imported` / `not-exported`: the source holds this and the result does not (a script, an auth type...).
 * - `approximated`: converted, but with a different meaning in a corner (e.g. a multipart body rebuilt as text).
 * - `secret`: a credential was replaced by `${env.NAME}`; the value is not in the result.
 * - `confirm`: the result reads a local file the source names (a body, a certificate): kept as a path for the CLI,
 *   which reads it relative to the plan; the app must not read it until the user attaches it or grants its folder,
 *   so it shows these for the user to confirm.
 * - `info`: worth knowing, nothing lost (e.g. headers a client computes itself were left out).
 */
export const NOTE_KINDS = ['not-imported', 'not-exported', 'approximated', 'secret', 'confirm', 'info'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** One entry of a conversion report. */
export interface ConvertNote {
  kind: NoteKind;
  /** Where in the source: file name and item path, e.g. `collection.json: Users › Create user › test script`. */
  where: string;
  message: string;
}

export interface ImportResult {
  /** A plan that passes the plan validator. */
  plan: Plan;
  notes: ConvertNote[];
  /** Environment variables the plan reads (secrets, base URL), to set with `--env NAME=value`. */
  env: string[];
  format: ImportFormat;
}

export interface ExportResult {
  text: string;
  notes: ConvertNote[];
}

/** Options every importer takes. */
export interface ImportOptions {
  /** The source file name, for notes and messages (and for body files it references). */
  file?: string;
  /** The plan name; default: from the source (collection name, API title) or the file name. */
  name?: string;
}

/** Bad input: the message says what, where (file, line) and what to do. */
export class ConvertError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConvertError';
  }
}

/** `file: ` or '' — the prefix of messages and note locations. */
export function sourceLabel(file: string | undefined): string {
  return file ? `${file}` : 'input';
}
