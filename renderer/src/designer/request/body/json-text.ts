/**
 * A JSON body edited as text: the text is kept while it does not parse (the document keeps the last valid
 * value), and the parse error says where, in lines and columns.
 */

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** The text shown for a JSON value (two-space indent, as people write it). */
export function jsonToText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** Parses JSON text; on error, where it is (1-based line and column) and why. */
export function parseJsonText(text: string): JsonParse {
  if (text.trim() === '') return { ok: false, message: 'write a JSON value, e.g. {} or []', line: 1, column: 1 };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const raw = (e as Error).message;
    const pos = /position (\d+)/.exec(raw);
    const token = /^Unexpected token '(.)'/.exec(raw);
    const offset = pos ? Number(pos[1]) : token ? firstOutsideStrings(text, token[1] as string) : text.length;
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    // V8 appends "(line L column C)" and quotes the whole text; keep the reason only.
    const message = raw
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/, "[\s\S]*" is not valid JSON$/, '')
      .replace(/^JSON\.parse: /, '');
    return { ok: false, message, line, column };
  }
}

/** Where V8 did not say: the first `ch` outside string literals (the token it choked on), else the end. */
function firstOutsideStrings(text: string, ch: string): number {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString && c === '\\') i++;
    else if (c === '"') inString = !inString;
    else if (!inString && c === ch) return i;
  }
  return text.length;
}

/** Whether the text already shows `value` (so a document change that equals it does not reformat the text). */
export function textShows(text: string, value: unknown): boolean {
  const p = parseJsonText(text);
  return p.ok && JSON.stringify(p.value) === JSON.stringify(value);
}
