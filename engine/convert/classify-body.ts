/**
 * A body given as text (curl data, a HAR postData, a Postman raw body) becomes the plan body that can be edited:
 * `json:` when it is JSON, `form:` when it is a urlencoded form (decoded as a server reads it: `+` is a space,
 * `%21` is `!`), else `text:`. The text is template text already (literal `${` escaped); expressions in it
 * (`${env.TOKEN}`) are kept as they are.
 */
import { literal, type DraftBody } from './draft.ts';
import { formPairs, jsonDepth } from './secret-places.ts';
import { templateParts } from './template-parts.ts';

/** Deepest JSON body kept as `json:`; a deeper one stays `text:` (same bytes), so no later walk can overflow. */
export const MAX_JSON_DEPTH = 64;

/** `type` is the Content-Type, lower-cased ('' when none). */
export function classify(text: string, type: string): DraftBody {
  if (/json/.test(type) || (type === '' && /^\s*[[{]/.test(text))) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value !== undefined) {
      return jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH
        ? { kind: 'text', text, tooDeep: true }
        : { kind: 'json', value };
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const fields = formTemplate(text);
    if (fields) return { kind: 'form', fields };
  }
  return { kind: 'text', text };
}

/**
 * A urlencoded form in template text -> its fields as template text. Expressions are set aside while the literal
 * text is decoded, so `${a + b}` keeps its `+` and `%` inside an expression is not a byte.
 */
function formTemplate(text: string): [string, string][] | undefined {
  if (text.includes('\uE000')) return undefined;
  let parts;
  try {
    parts = templateParts(text);
  } catch {
    return undefined;
  }
  const exprs: string[] = [];
  const masked = parts.map((p) => (p.kind === 'text' ? p.text : `\uE000${exprs.push(p.source) - 1}\uE000`)).join('');
  const pairs = formPairs(masked);
  if (!pairs) return undefined;
  const restore = (s: string): string =>
    s
      .split(/\uE000(\d+)\uE000/)
      .map((piece, i) => (i % 2 ? (exprs[Number(piece)] ?? '') : literal(piece)))
      .join('');
  return pairs.map(([k, v]) => [restore(k), restore(v)]);
}
