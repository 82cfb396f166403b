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

export function parseStructured(text: string, label: string, what: string): Structured {
  const lines = new LineCounter();
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const err = doc.errors[0];
  if (err) {
    const p = lines.linePos(err.pos[0]);
    throw new ConvertError(`${label}: line ${p.line}, column ${p.col}: this is not valid JSON or YAML (${err.message.split('\n')[0]}); is it really ${what}?`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new ConvertError(`${label}: cannot read the document: ${(e as Error).message}`);
  }
  return { value, at: (path) => position(doc, lines, path) };
}

function position(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): string {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
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
    const path = i.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
    const where = s.at(i.path);
    return `${where ? `${where}: ` : ''}${path || '(document)'}: ${i.message}`;
  });
  throw new ConvertError(`${label}: not a valid ${what}:\n  ${problems.join('\n  ')}`);
}
