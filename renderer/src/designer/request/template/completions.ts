/**
 * Completion inside `${...}`: where the caret is in an expression, which names fit what was typed, and the text
 * after accepting one. Pure, so the rules are unit-tested and the input component stays small.
 */

/** Something a template can read or call. */
export interface Completion {
  /** What the list shows and what is inserted (functions get their parentheses on insert). */
  label: string;
  kind: 'variable' | 'builtin' | 'env' | 'data' | 'function';
  detail?: string;
  /** Functions: their parameter list; one without parameters, or only optional ones, leaves the caret after `()`. */
  params?: string;
  /** A prefix to keep typing after (e.g. `data.users.` when the columns are unknown): no closing `}`. */
  partial?: boolean;
}

/** The caret is inside an expression: the name being typed spans [from, to). */
export interface CompletionContext {
  from: number;
  to: number;
  query: string;
  /** A `}` already ends this expression after the name. */
  closed: boolean;
}

const NAME_BEFORE = /[A-Za-z_][A-Za-z0-9_.]*$/;
const NAME_AFTER = /^[A-Za-z0-9_]*/;

/** Where a completion would go for the caret at `caret`, or undefined when the caret is not in an expression. */
export function completionContext(text: string, caret: number): CompletionContext | undefined {
  const before = text.slice(0, caret);
  const open = before.lastIndexOf('${');
  if (open === -1 || (open > 0 && text[open - 1] === '$')) return undefined;
  const inside = before.slice(open + 2);
  // Past the end of the expression, after a default (`:-`), or inside a quoted string: nothing to complete.
  if (inside.includes('}') || inside.includes(':-') || unbalancedQuotes(inside)) return undefined;
  const query = NAME_BEFORE.exec(inside)?.[0] ?? '';
  const tail = NAME_AFTER.exec(text.slice(caret))?.[0] ?? '';
  const to = caret + tail.length;
  const rest = text.slice(to);
  const nextClose = rest.indexOf('}');
  const nextOpen = rest.indexOf('${');
  return {
    from: caret - query.length,
    to,
    query,
    closed: nextClose !== -1 && (nextOpen === -1 || nextClose < nextOpen),
  };
}

/** How a field finds the name at the caret; `explicit` when the user asked for the list (Ctrl+Space). */
export type ContextAt = (text: string, caret: number, explicit: boolean) => CompletionContext | undefined;

/**
 * The same, in a field that is one expression written without `${...}` (a flow step's condition): anywhere outside
 * quotes is inside the expression. The list opens on a name being typed (not on every space), or when asked for.
 */
export function expressionContext(text: string, caret: number, explicit: boolean): CompletionContext | undefined {
  const ctx = completionContext(`\${${text}`, caret + 2);
  if (!ctx || (ctx.query === '' && !explicit)) return undefined;
  return { ...ctx, from: ctx.from - 2, to: ctx.to - 2, closed: true };
}

function unbalancedQuotes(s: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote !== undefined && c === '\\') i++;
    else if (quote !== undefined && c === quote) quote = undefined;
    else if (quote === undefined && (c === '"' || c === "'")) quote = c;
  }
  return quote !== undefined;
}

/** Completions matching `query`: prefix matches first, then names containing it; case-insensitive. */
export function filterCompletions(all: readonly Completion[], query: string, limit = 50): Completion[] {
  const q = query.toLowerCase();
  const prefix: Completion[] = [];
  const contains: Completion[] = [];
  for (const c of all) {
    const l = c.label.toLowerCase();
    if (l === q && !c.partial && c.kind !== 'function') continue; // already written in full
    if (l.startsWith(q)) prefix.push(c);
    else if (q !== '' && l.includes(q)) contains.push(c);
  }
  return [...prefix, ...contains].slice(0, limit);
}

/** No parameters, or only optional ones (`status('Request name'?)`, mostly called as status()). */
const optionalOnly = (params: string | undefined): boolean =>
  !params || params.split(',').every((p) => p.trim().endsWith('?'));

/** The text and caret after accepting `c` in `ctx`. */
export function applyCompletion(text: string, ctx: CompletionContext, c: Completion): { text: string; caret: number } {
  let insert = c.label;
  let caret = ctx.from + insert.length;
  const needsArgs = c.kind === 'function' && !optionalOnly(c.params);
  if (c.kind === 'function') {
    insert += '()';
    caret = ctx.from + insert.length - (needsArgs ? 1 : 0);
  }
  const close = !c.partial && !ctx.closed;
  if (close) {
    insert += '}';
    if (!needsArgs) caret = ctx.from + insert.length;
  }
  return { text: text.slice(0, ctx.from) + insert + text.slice(ctx.to), caret };
}
