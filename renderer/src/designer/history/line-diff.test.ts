import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.ts';

const text = (n: number, change: Record<number, string> = {}): string =>
  Array.from({ length: n }, (_, i) => change[i] ?? `line ${i + 1}`).join('\n');
const render = (d: ReturnType<typeof lineDiff>): string[][] =>
  'hunks' in d
    ? d.hunks.map((h) => h.lines.map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`))
    : [];

describe('lineDiff', () => {
  it('is empty for equal texts', () => {
    expect(lineDiff('a\nb', 'a\nb')).toEqual({ hunks: [], added: 0, removed: 0 });
  });

  it('shows a changed line as removed then added, with context and line numbers', () => {
    const d = lineDiff(text(10), text(10, { 4: 'timeout: 5s' }), { context: 2 });
    expect(render(d)).toEqual([[' line 3', ' line 4', '-line 5', '+timeout: 5s', ' line 6', ' line 7']]);
    expect(d).toMatchObject({ added: 1, removed: 1 });
    if ('hunks' in d)
      expect(d.hunks[0]?.lines.map((l) => [l.oldNo, l.newNo])).toEqual([
        [3, 3],
        [4, 4],
        [5, null],
        [null, 5],
        [6, 6],
        [7, 7],
      ]);
  });

  it('splits distant changes into hunks and joins near ones', () => {
    const far = lineDiff(text(30), text(30, { 2: 'x', 25: 'y' }), { context: 2 });
    expect(render(far)).toHaveLength(2);
    const near = lineDiff(text(30), text(30, { 2: 'x', 6: 'y' }), { context: 2 });
    expect(render(near)).toHaveLength(1);
  });

  it('handles insertions at the ends and from or to an empty text', () => {
    expect(render(lineDiff('b', 'a\nb\nc', { context: 1 }))).toEqual([['+a', ' b', '+c']]);
    expect(lineDiff('', 'a\nb')).toMatchObject({ added: 2, removed: 0 });
    expect(lineDiff('a\nb', '')).toMatchObject({ added: 0, removed: 2 });
  });

  it('finds the minimal edit script', () => {
    const d = lineDiff('a\nb\nc\na\nb\nb\na', 'c\nb\na\nb\na\nc');
    expect(d).toMatchObject({ added: 2, removed: 3 }); // edit distance 5 (Myers' own example)
  });

  it('gives up past maxEdits instead of running long', () => {
    const a = Array.from({ length: 500 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 500 }, (_, i) => `b${i}`).join('\n');
    expect(lineDiff(a, b, { maxEdits: 100 })).toEqual({ tooLarge: true, added: 0, removed: 0 });
    expect(lineDiff(a, b)).toMatchObject({ added: 500, removed: 500 });
  });
});
