/** Plain-text tables with aligned columns that stay aligned when cells carry ANSI colour codes. Pure. */

// eslint-disable-next-line no-control-regex -- ANSI colour sequences start with ESC
const ANSI = /\x1b\[[0-9;]*m/g;

/** Printed width: ANSI codes take no room. */
export function visibleLength(s: string): number {
  return [...s.replace(ANSI, '')].length;
}

/** Rows of cells as lines, two spaces apart: the first `left` columns left-aligned (default 1), the others right-aligned. */
export function alignColumns(rows: readonly (readonly string[])[], indent = '  ', left = 1): string[] {
  const widths: number[] = [];
  for (const r of rows)
    r.forEach((c, i) => {
      widths[i] = Math.max(widths[i] ?? 0, visibleLength(c));
    });
  return rows.map(
    (r) =>
      indent +
      r
        .map((c, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - visibleLength(c));
          return i < left ? c + pad : pad + c;
        })
        .join('  ')
        .trimEnd(),
  );
}
