import { describe, expect, it } from 'vitest';
import { SHOWN_ROWS, shownNote, shownRows } from './shown.ts';

const names = Array.from({ length: 1000 }, (_, i) => `GET /items/${i}`);
const text = (n: string): string => n;

describe('the rows a long table draws', () => {
  it('draws the first SHOWN_ROWS in their order, and counts them all', () => {
    const { rows, matching } = shownRows(names, '', text);
    expect(rows).toHaveLength(SHOWN_ROWS);
    expect(rows[0]).toBe('GET /items/0');
    expect(rows.at(-1)).toBe(`GET /items/${SHOWN_ROWS - 1}`);
    expect(matching).toBe(1000);
    expect(shownNote(rows.length, matching, 1000, '', 'request', 'sorted by Count')).toBe(
      'Showing the first 200 of 1,000 requests, sorted by Count: filter to find the others.',
    );
    const few = names.slice(0, 3);
    expect(shownRows(few, '', text).rows).toBe(few);
    expect(shownNote(3, 3, 3, '', 'check', 'failing first')).toBe('Showing all 3 checks.');
  });

  it('filters on the text it is given, in any case, before it cuts', () => {
    const one = shownRows(names, '  /ITEMS/999 ', text);
    expect(one.rows).toEqual(['GET /items/999']);
    expect(shownNote(one.rows.length, one.matching, 1000, '/ITEMS/999', 'request', 'sorted by Request')).toBe(
      '1 of 1,000 requests match.',
    );
    const nines = shownRows(names, '9', text, 5);
    expect(nines.matching).toBe(names.filter((n) => n.includes('9')).length);
    expect(nines.rows).toEqual(names.filter((n) => n.includes('9')).slice(0, 5));
    expect(shownNote(5, nines.matching, 1000, '9', 'check', 'failing first')).toBe(
      `Showing the first 5 of the ${nines.matching} checks that match, failing first.`,
    );
    const byLength = shownRows(names, '12', (n) => String(n.length));
    expect(byLength.matching).toBe(names.filter((n) => n.length === 12).length);
    const none = shownRows(names, 'POST', text);
    expect([none.rows, none.matching]).toEqual([[], 0]);
    expect(shownNote(0, 0, 1000, 'POST ', 'request', 'sorted by Request')).toBe('No request matches "POST".');
  });
});
