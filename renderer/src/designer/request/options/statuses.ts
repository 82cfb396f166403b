/**
 * Status codes as people type them: "200, 201, 300-399". Used for expectedStatuses (codes and ranges) and for the
 * list form of a status check. Text that does not parse says which part is wrong instead of being dropped.
 */

import { listOf, objectOf } from '../../core/doc/index.ts';

export type StatusItem = number | { min: number; max: number };
export type StatusParse = { ok: true; items: StatusItem[] } | { ok: false; message: string };

const CODE = /^\d{3}$/;
const RANGE = /^(\d{3})\s*-\s*(\d{3})$/;
const inRange = (n: number): boolean => n >= 100 && n <= 599;

/** Parses a comma-separated list of codes and ranges (`allowRanges` false: codes only). */
export function parseStatuses(text: string, allowRanges = true): StatusParse {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'write at least one status code, e.g. 200' };
  const items: StatusItem[] = [];
  for (const p of parts) {
    const range = RANGE.exec(p);
    if (CODE.test(p) && inRange(Number(p))) items.push(Number(p));
    else if (allowRanges && range) {
      const min = Number(range[1]);
      const max = Number(range[2]);
      if (!inRange(min) || !inRange(max) || min > max)
        return { ok: false, message: `'${p}' is not a range of status codes (100-599, low to high)` };
      items.push({ min, max });
    } else
      return { ok: false, message: `'${p}' is not a status code${allowRanges ? ' or a range such as 200-299' : ''}` };
  }
  return { ok: true, items };
}

/** The text for a list of codes and ranges. */
export function formatStatuses(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return listOf(v)
    .map((s) => {
      if (typeof s === 'number') return String(s);
      if (s !== null && typeof s === 'object') {
        const r = objectOf(s);
        return `${String(r?.min)}-${String(r?.max)}`;
      }
      return String(s);
    })
    .join(', ');
}
