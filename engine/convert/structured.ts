/**
 * JSON and YAML sources (HAR, Postman, OpenAPI) read with positions, so a problem is reported as
 * `file: line 12, column 5: requests[3].url: expected a string` rather than "invalid input".
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { ConvertError } from './types.ts';

export interface Structured {
  value: unknown;
  /** `line 3, column 7` of the value at a path, or '' when unknown. */
  at(path: readonly PropertyKey[]): string;
}

/** Deepest nesting of brackets a source may have: the YAML reader recurses, and gives up somewhere near 900. */
export const MAX_DOCUMENT_DEPTH = 500;

export function parseStructured(text: string, label: string, what: string): Structured {
  const lines = new LineCounter();
  const source = text.replace(/^\uFEFF/, '');
  const tooDeepError = (at: string): ConvertError =>
    new ConvertError(
      at
        ? `${label}: ${at}nested more than ${MAX_DOCUMENT_DEPTH} levels deep, the most Loadsmith reads; is it really ${what}?`
        : `${label}: nested too deeply to read (Loadsmith reads up to ${MAX_DOCUMENT_DEPTH} levels); is it really ${what}?`,
    );
  const deep = tooDeep(source);
  if (deep !== undefined) {
    const line = source.slice(0, deep).split('\n').length;
    throw tooDeepError(`line ${line}, column ${deep - source.lastIndexOf('\n', deep - 1)}: `);
  }
  let doc: Document;
  try {
    doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  } catch (e) {
    if (e instanceof RangeError) throw tooDeepError(''); // block-style YAML nested beyond the reader's stack: no brackets to count
    throw e;
  }
  if (doc.errors.some((e) => /call stack/i.test(e.message))) throw tooDeepError('');
  const err = doc.errors[0];
  if (err) {
    const p = lines.linePos(err.pos[0]);
    throw new ConvertError(
      `${label}: line ${p.line}, column ${p.col}: this is not valid JSON or YAML (${err.message.split('\n')[0]}); is it really ${what}?`,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    if (e instanceof RangeError) throw tooDeepError('');
    throw new ConvertError(`${label}: cannot read the document: ${(e as Error).message}`);
  }
  return { value, at: (path) => position(doc, lines, path) };
}

/** The offset of the first bracket nested deeper than the limit (double-quoted strings skipped), without recursion. */
function tooDeep(text: string): number | undefined {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '[' || ch === '{') {
      if (++depth > MAX_DOCUMENT_DEPTH) return i;
    } else if (ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

function position(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): string {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as (string | number)[], true) as
      { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      const p = lines.linePos(node.range[0]);
      return `line ${p.line}, column ${p.col}`;
    }
  }
  return '';
}

/** Validates with a zod schema; the first problems become one message with their places in the file. */
export function check<T>(schema: z.ZodType<T>, s: Structured, label: string, what: string): T {
  const r = schema.safeParse(s.value);
  if (r.success) return r.data;
  const problems = r.error.issues.slice(0, 3).map((i) => {
    const path = i.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('')
      .replace(/^\./, '');
    const where = s.at(i.path);
    return `${where ? `${where}: ` : ''}${path || '(document)'}: ${i.message}`;
  });
  throw new ConvertError(`${label}: not a valid ${what}:\n  ${problems.join('\n  ')}`);
}
