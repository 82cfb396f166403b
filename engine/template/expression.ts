/**
 * Expressions that stand alone in a plan (an `if` or `while` condition, a `forEach` list, a `repeat` count): the
 * language inside `${...}`, written without it (`status() == 202`), or wrapped in one `${...}` as everywhere else.
 * Offsets in errors and references are positions in the text as the user wrote it.
 */
import { TemplateSyntaxError } from './errors.ts';
import { parseEmbedded } from './parser.ts';
import { compileTemplate } from './template.ts';
import type { Template, TemplateContext, TemplateReference } from './types.ts';

export interface Expression {
  readonly source: string;
  readonly references: readonly TemplateReference[];
  /** The value (of any type); throws TemplateRuntimeError as a template does. */
  evaluate(ctx: TemplateContext): unknown;
}

/**
 * Compiles `source` as one expression.
 * @throws TemplateSyntaxError located inside `source`.
 */
export function compileExpression(source: string): Expression {
  if (source.trim() === '')
    throw new TemplateSyntaxError('empty expression: write one such as status() == 200', 0, Math.max(1, source.length));
  // One `${...}` around the whole text: parsed where it stands (errors are located as they are).
  if (source.startsWith('${') && parseEmbedded(source, 0).end === source.length)
    return expression(source, compileTemplate(source), 0);
  const open = source.indexOf('${');
  if (open >= 0) {
    throw new TemplateSyntaxError(
      "an expression here is written without '${...}' around its parts: status() == 200, not ${status()} == 200",
      open,
      2,
    );
  }
  try {
    return expression(source, compileTemplate(`\${${source}}`), 2);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) throw new TemplateSyntaxError(e.message, Math.max(0, e.offset - 2), e.length);
    throw e;
  }
}

function expression(source: string, t: Template, shift: number): Expression {
  const references =
    shift === 0 ? t.references : Object.freeze(t.references.map((r) => ({ ...r, offset: r.offset - shift })));
  return Object.freeze({ source, references, evaluate: (ctx: TemplateContext) => t.evaluate(ctx) });
}
