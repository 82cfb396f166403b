/**
 * Small builders for the report's markup. Plain strings passed to them are always escaped; markup that is already
 * safe is wrapped in `raw()` on purpose, so forgetting to escape a user-supplied value is not the easy path.
 */
import { escapeHtml } from './escape.ts';

/** Markup that is already escaped. */
export interface Html {
  readonly html: string;
}

/** Marks built, already escaped markup as safe to insert. */
export function raw(html: string): Html {
  return { html };
}

/** A value as markup: Html as is, anything else escaped. */
export function h(value: string | number | Html): string {
  return typeof value === 'object' ? value.html : escapeHtml(value);
}

/** A table cell: text or markup, right-aligned when numeric, with an optional class (ok / bad / muted). */
export type Cell =
  string | number | Html | { value: string | number | Html; num?: boolean; cls?: string; colspan?: number };

/** A header: its label and whether its column holds numbers (right-aligned). */
export type Column = string | { label: string; num?: boolean };

function td(c: Cell, col: Column | undefined): string {
  const spec = typeof c === 'object' && 'value' in c ? c : { value: c };
  const num = spec.num ?? (typeof col === 'object' && col.num === true);
  const cls = [num ? 'num' : '', spec.cls ?? ''].filter(Boolean).join(' ');
  return `<td${cls ? ` class="${cls}"` : ''}${spec.colspan ? ` colspan="${spec.colspan}"` : ''}>${h(spec.value)}</td>`;
}

/** Header cells of a table. */
export function thead(head: readonly Column[]): string {
  const th = (c: Column): string =>
    typeof c === 'string'
      ? `<th scope="col">${h(c)}</th>`
      : `<th scope="col"${c.num ? ' class="num"' : ''}>${h(c.label)}</th>`;
  return `<thead><tr>${head.map(th).join('')}</tr></thead>`;
}

/** Body rows (cells aligned like their header's column). */
export function rows(head: readonly Column[], body: readonly (readonly Cell[])[]): string {
  return body.map((r) => `<tr>${r.map((c, i) => td(c, head[i])).join('')}</tr>`).join('');
}

/** A complete table; `label` names it for screen readers (and tests). */
export function table(label: string, head: readonly Column[], body: readonly (readonly Cell[])[]): string {
  return `<div class="table-wrap"><table aria-label="${h(label)}">${thead(head)}<tbody>${rows(head, body)}</tbody></table></div>`;
}

/** A report section with a heading (the anchor `id` is also used by the table of contents). */
export function section(id: string, title: string, body: string, note = ''): string {
  return `<section id="${h(id)}" aria-labelledby="${h(id)}-h"><h2 id="${h(id)}-h">${h(title)}</h2>${note ? `<p class="note">${h(note)}</p>` : ''}${body}</section>`;
}

/** A ✓ or ✗ mark with text for screen readers. */
export function mark(ok: boolean): Html {
  return raw(ok ? '<span class="ok" aria-label="passed">✓</span>' : '<span class="bad" aria-label="failed">✗</span>');
}
