/**
 * Decisions of the two-way sync between the plan document and the YAML text (pure, so they are unit-tested).
 * The document is the truth; the text follows it unless the user is in the middle of changing the text.
 */

/** What the code view knows when the document changes under it. */
export interface ExternalChange {
  /** The document now in the designer. */
  doc: unknown;
  /** The document the text was last made from, or last parsed into and dispatched. */
  shown: unknown;
  /** The user typed and the debounce has not fired yet. */
  pending: boolean;
  /** The editor has keyboard focus. */
  focused: boolean;
  /** The text does not parse (the user is fixing it). */
  broken: boolean;
}

/**
 * 'keep': the text already shows this document (our own edit coming back, or nothing changed);
 * 'replace': rewrite the text from the document (form edit, undo, reload);
 * 'defer': the user is editing the text; do not yank it away (their next valid pause writes the document).
 */
export type SyncAction = 'keep' | 'replace' | 'defer';

export function onExternalChange(c: ExternalChange): SyncAction {
  if (c.doc === c.shown) return 'keep';
  if (c.pending) return 'defer';
  if (c.focused && c.broken) return 'defer';
  return 'replace';
}

/**
 * Whether a parsed text should be written to the document: not when it equals what is there already
 * (a comment or a blank line typed), so undo steps are real changes. Plan documents are JSON data.
 */
export function changesDocument(parsed: unknown, doc: unknown): boolean {
  return JSON.stringify(parsed) !== JSON.stringify(doc);
}

/** One replacement turning `before` into `after`: offsets in `before`, and the new text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The smallest single edit between two texts (common prefix and suffix kept). Applying this instead of
 * setting the whole value keeps the cursor, selection, folding and scroll where the text did not change.
 */
export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
