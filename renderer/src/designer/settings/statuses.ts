/**
 * Expected statuses as one line of text: `200-299, 304, 4xx` <-> [{min: 200, max: 299}, 304, {min: 400, max: 499}],
 * the plan's StatusSet form.
 */
import { listOf, objectOf } from '../core/doc/index.ts';

export type StatusItem = number | { min: number; max: number };

const ok = (n: number): boolean => Number.isInteger(n) && n >= 100 && n <= 599;

/** Parses the text, or says which part is wrong. Empty text means "the default" (undefined). */
export function parseStatuses(text: string): { value: StatusItem[] | undefined } | { error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { value: undefined };
  const out: StatusItem[] = [];
  for (const part of parts) {
    const family = /^([1-5])xx$/i.exec(part);
    const range = /^(\d{3})\s*-\s*(\d{3})$/.exec(part);
    if (family) out.push({ min: Number(family[1]) * 100, max: Number(family[1]) * 100 + 99 });
    else if (range && ok(Number(range[1])) && ok(Number(range[2])) && Number(range[1]) <= Number(range[2]))
      out.push({ min: Number(range[1]), max: Number(range[2]) });
    else if (/^\d{3}$/.test(part) && ok(Number(part))) out.push(Number(part));
    else
      return {
        error: `'${part}' is not a status: write codes (404), ranges (200-299) or families (2xx), between 100 and 599`,
      };
  }
  return { value: out };
}

/** The document's value as text (ranges of a whole family written as 2xx). */
export function formatStatuses(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return listOf(value)
    .map((v) => {
      if (typeof v === 'number') return String(v);
      const range = objectOf(v);
      if (range && 'min' in range && 'max' in range) {
        const { min, max } = range;
        return typeof min === 'number' && min % 100 === 0 && max === min + 99
          ? `${min / 100}xx`
          : `${String(min)}-${String(max)}`;
      }
      return '?';
    })
    .join(', ');
}
