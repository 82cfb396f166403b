/**
 * What a string of a plan that may hold `${...}` is (its path, where it is evaluated), and the walks over values and
 * checks that every step type's fields share (template-fields.ts, websocket-fields.ts).
 */
import type { PathSegment } from './path.ts';
import type { Check } from './schema/index.ts';

export type TemplateScope =
  | { kind: 'request'; scenario: string }
  /** A default: it matters only in scenarios with a request that uses it (see usesDefault). */
  | { kind: 'defaults'; field: DefaultField }
  | { kind: 'variable'; name: string };

export type DefaultField = { kind: 'baseUrl' } | { kind: 'auth' } | { kind: 'header'; name: string };

export interface TemplateField {
  path: PathSegment[];
  source: string;
  scope: TemplateScope;
  /** A standalone expression (a condition), compiled with compileExpression rather than as a template. */
  expression?: true;
}

/** Check operands that may hold `${...}` (regexes in `matches` do not: they are compiled once). */
export const CHECK_OPERANDS = ['equals', 'notEquals', 'contains'] as const;

/** The operands of a check that may hold `${...}`. */
export function* checkStrings(c: Check, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  for (const op of CHECK_OPERANDS) {
    const v = (c as Record<string, unknown>)[op];
    if (v !== undefined) yield* strings(v, [...path, op], scope);
  }
  if ('body' in c)
    for (const op of ['contains', 'notContains', 'equals'] as const) {
      const v = c.body[op];
      if (v !== undefined) yield { path: [...path, 'body', op], source: v, scope };
    }
}

/** Strings anywhere inside a value (JSON bodies, query maps), keys excluded. */
export function* strings(v: unknown, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  if (typeof v === 'string') yield { path, source: v, scope };
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* strings(x, [...path, i], scope);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) yield* strings(x, [...path, k], scope);
}
