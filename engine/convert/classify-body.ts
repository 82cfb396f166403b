/**
 * A body given as text (curl data, a HAR postData, a Postman raw body) becomes the plan body that can be edited:
 * `json:` when it is JSON, `form:` when it is a urlencoded form that encodes back to the same bytes, else `text:`.
 * The text is template text already (literal `${` escaped).
 */
import type { DraftBody } from './draft.ts';

/** `type` is the Content-Type, lower-cased ('' when none). */
export function classify(text: string, type: string): DraftBody {
  if (/json/.test(type) || (type === '' && /^\s*[[{]/.test(text))) {
    try { return { kind: 'json', value: JSON.parse(text) }; } catch { /* not JSON after all: text */ }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const fields = formFields(text);
    if (fields) return { kind: 'form', fields };
  }
  return { kind: 'text', text };
}

function formFields(text: string): [string, string][] | undefined {
  if (text === '') return undefined;
  const out: [string, string][] = [];
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return undefined;
    let k: string, v: string;
    try { k = decodeURIComponent(pair.slice(0, eq)); v = decodeURIComponent(pair.slice(eq + 1)); } catch { return undefined; }
    const same = (d: string, raw: string): boolean => d.split(/(\$\{[^}]*\})/).map((p, i) => (i % 2 ? p : encodeURIComponent(p))).join('') === raw;
    if (!same(k, pair.slice(0, eq)) || !same(v, pair.slice(eq + 1))) return undefined;
    out.push([k, v]);
  }
  return out;
}

