/**
 * The `${...}` expression language of plan files: a small, safe language compiled once when a plan is
 * loaded and rendered per request. It reads builtins (vu, iter, scenario), variables, `env.NAME`,
 * `data.feeder.column`, own properties of plain data, literals, + - * / %, comparisons, && || !, and calls
 * functions from a fixed table; nothing in a plan can reach JavaScript (no eval, no Function, no prototypes,
 * no methods). Conditions and other standalone expressions use the same language (expression.ts).
 *
 * Pure: no Node-only imports, so the UI imports it for validation and completion.
 */
import { FUNCTIONS } from './functions.ts';

export type { ResponseStatuses, Template, TemplateContext, TemplateReference } from './types.ts';
export { TemplateRuntimeError, TemplateSyntaxError } from './errors.ts';
export { compileTemplate } from './template.ts';
export { compileExpression, type Expression } from './expression.ts';
export { dataEquals } from './operators.ts';
export { BUILTIN_NAMES } from './parser.ts';
export { MAX_EXPRESSION_LENGTH } from './lexer.ts';
export { MAX_DEPTH } from './ast.ts';

/** The callable functions, for documentation and UI completion. */
export const TEMPLATE_FUNCTIONS: readonly { name: string; params: string; description: string }[] = Object.freeze(
  FUNCTIONS.map(({ name, params, description }) => Object.freeze({ name, params, description })),
);
