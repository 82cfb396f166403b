/**
 * Where the `${...}` expressions of a template string are, for highlighting. The engine's own parser finds
 * where each expression ends (a `}` inside a string literal does not close it), so the highlight never
 * disagrees with what a run will do; an expression it rejects is marked as an error with its message.
 */
import { TemplateSyntaxError, parseEmbedded } from 'loadsmith/template';

/** A piece of a template: plain text, an expression, an escaped `$${`, or an expression that does not parse. */
export interface TemplateSpan {
  kind: 'text' | 'expr' | 'escape' | 'error';
  start: number;
  end: number;
  /** Why an `error` span does not parse. */
  message?: string;
}

/** Splits `source` into consecutive spans covering all of it. */
export function templateSpans(source: string): TemplateSpan[] {
  const spans: TemplateSpan[] = [];
  let chunk = 0;
  const push = (span: TemplateSpan): void => {
    if (span.start > chunk) spans.push({ kind: 'text', start: chunk, end: span.start });
    spans.push(span);
    chunk = span.end;
  };
  let i = source.indexOf('$');
  while (i !== -1) {
    if (source.startsWith('$${', i)) {
      push({ kind: 'escape', start: i, end: i + 3 });
    } else if (source[i + 1] === '{') {
      push(parseAt(source, i));
    } else {
      i = source.indexOf('$', i + 1);
      continue;
    }
    i = source.indexOf('$', chunk);
  }
  if (chunk < source.length) spans.push({ kind: 'text', start: chunk, end: source.length });
  return spans;
}

function parseAt(source: string, open: number): TemplateSpan {
  try {
    return { kind: 'expr', start: open, end: parseEmbedded(source, open).end };
  } catch (e) {
    const message = e instanceof TemplateSyntaxError ? e.message : String(e);
    // Resume after the next `}` (or at the next `${`) so one mistake does not swallow the rest of the text.
    const close = source.indexOf('}', open + 2);
    const next = source.indexOf('${', open + 2);
    const end = close === -1 ? (next === -1 ? source.length : next) : next !== -1 && next < close ? next : close + 1;
    return { kind: 'error', start: open, end, message };
  }
}
