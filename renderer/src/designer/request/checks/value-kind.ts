/**
 * Values whose type the user picks (a jsonPath check's equals/notEquals/contains, an extraction's default):
 * `200` may mean the number or the text, so the type is chosen beside the value instead of guessed.
 */

export type ValueKind = 'text' | 'number' | 'boolean' | 'null' | 'json';
export const VALUE_KINDS: readonly ValueKind[] = ['text', 'number', 'boolean', 'null', 'json'];

/** The kind a stored value has. */
export function valueKind(v: unknown): ValueKind {
  if (v === null) return 'null';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'json';
  return 'text';
}

/** The text shown for a value of this kind. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export type ValueParse = { ok: true; value: unknown } | { ok: false; message: string };

/** Reads typed text as a value of `kind`. */
export function parseValue(text: string, kind: ValueKind): ValueParse {
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'null':
      return { ok: true, value: null };
    case 'boolean':
      return text === 'true' || text === 'false'
        ? { ok: true, value: text === 'true' }
        : { ok: false, message: 'choose true or false' };
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, message: 'write a number' };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, message: 'write JSON, e.g. [1, 2] or {"a": 1}' };
      }
  }
}

/** A value converted to another kind, keeping what can be kept (the text "12" becomes the number 12). */
export function convertValue(v: unknown, kind: ValueKind): unknown {
  const parsed = parseValue(valueText(v), kind);
  if (parsed.ok) return parsed.value;
  return { text: '', number: 0, boolean: true, null: null, json: [] }[kind];
}
