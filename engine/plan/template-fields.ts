/**
 * Every string in a plan that may hold `${...}`, with its path and where it is evaluated; and the expressions of
 * flow control (conditions, forEach lists, repeat counts), which are written without `${...}`.
 */
import { compileExpression, compileTemplate, type TemplateReference } from '../template/index.ts';
import type { PathSegment } from './path.ts';
import type { Auth, GrpcCall, Plan, Request } from './schema/index.ts';
import { requestsOf, stepsOf } from './walk.ts';
import { grpcCallsOf } from './grpc-names.ts';

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

/** The references of a field, compiled as what it is (throws TemplateSyntaxError as the compilers do). */
export function fieldReferences(field: TemplateField): readonly TemplateReference[] {
  return (field.expression ? compileExpression(field.source) : compileTemplate(field.source)).references;
}

export function* templateFields(plan: Plan): Generator<TemplateField> {
  for (const [name, value] of Object.entries(plan.variables ?? {})) {
    yield* strings(value, ['variables', name], { kind: 'variable', name });
  }
  const d = plan.defaults;
  if (d) {
    if (d.baseUrl !== undefined) yield { path: ['defaults', 'baseUrl'], source: d.baseUrl, scope: { kind: 'defaults', field: { kind: 'baseUrl' } } };
    for (const [name, value] of Object.entries(d.headers ?? {})) {
      yield* strings(value, ['defaults', 'headers', name], { kind: 'defaults', field: { kind: 'header', name } });
    }
    yield* authStrings(d.auth, ['defaults', 'auth'], { kind: 'defaults', field: { kind: 'auth' } });
  }
  for (const visit of requestsOf(plan)) yield* requestStrings(visit.request, visit.path, { kind: 'request', scenario: visit.scenario });
  for (const visit of grpcCallsOf(plan)) yield* grpcStrings(visit.call, visit.path, { kind: 'request', scenario: visit.scenario });
  for (const { step, path, scenario } of stepsOf(plan)) {
    const scope: TemplateScope = { kind: 'request', scenario };
    const expr = (source: string, at: PathSegment[]): TemplateField => ({ path: [...path, ...at], source, scope, expression: true });
    if ('if' in step) yield expr(step.if.condition, ['if', 'condition']);
    else if ('while' in step) yield expr(step.while.condition, ['while', 'condition']);
    else if ('doWhile' in step) yield expr(step.doWhile.condition, ['doWhile', 'condition']);
    else if ('forEach' in step) yield expr(step.forEach.in, ['forEach', 'in']);
    else if ('repeat' in step && typeof step.repeat.times === 'string') yield expr(step.repeat.times, ['repeat', 'times']);
  }
}

function* requestStrings(r: Request, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  yield { path: [...path, 'url'], source: r.url, scope };
  yield* strings(r.query, [...path, 'query'], scope);
  yield* strings(r.headers, [...path, 'headers'], scope);
  yield* strings(r.json, [...path, 'json'], scope);
  yield* strings(r.form, [...path, 'form'], scope);
  if (r.text !== undefined) yield { path: [...path, 'text'], source: r.text, scope };
  yield* authStrings(r.auth, [...path, 'auth'], scope);
  for (const [i, c] of (r.checks ?? []).entries()) {
    for (const op of CHECK_OPERANDS) {
      const v = (c as Record<string, unknown>)[op];
      if (v !== undefined) yield* strings(v, [...path, 'checks', i, op], scope);
    }
    if ('body' in c) for (const op of ['contains', 'notContains', 'equals'] as const) {
      const v = c.body[op];
      if (v !== undefined) yield { path: [...path, 'checks', i, 'body', op], source: v, scope };
    }
  }
}

function* grpcStrings(g: GrpcCall, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  yield { path: [...path, 'target'], source: g.target, scope };
  yield* strings(g.message, [...path, 'message'], scope);
  yield* strings(g.messages, [...path, 'messages'], scope);
  yield* strings(g.metadata, [...path, 'metadata'], scope);
  if (g.tls?.passphrase !== undefined) yield { path: [...path, 'tls', 'passphrase'], source: g.tls.passphrase, scope };
  for (const [i, c] of (g.checks ?? []).entries()) {
    for (const op of CHECK_OPERANDS) {
      const v = (c as Record<string, unknown>)[op];
      if (v !== undefined) yield* strings(v, [...path, 'checks', i, op], scope);
    }
  }
}

/** Check operands that may hold `${...}` (regexes in `matches` do not: they are compiled once). */
const CHECK_OPERANDS = ['equals', 'notEquals', 'contains'] as const;

function* authStrings(a: Auth | undefined, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  if (!a) return;
  for (const key of ['token', 'username', 'password', 'value'] as const) {
    const v = (a as Record<string, unknown>)[key];
    if (typeof v === 'string') yield { path: [...path, key], source: v, scope };
  }
}

/** Strings anywhere inside a value (JSON bodies, query maps), keys excluded. */
function* strings(v: unknown, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  if (typeof v === 'string') yield { path, source: v, scope };
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* strings(x, [...path, i], scope);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* strings(x, [...path, k], scope);
}

const ABSOLUTE = /^https?:\/\//i;

/** Does this request use the default (a relative URL uses baseUrl; own auth or header replaces the default)? */
export function usesDefault(r: Request, field: DefaultField): boolean {
  switch (field.kind) {
    case 'baseUrl': return !ABSOLUTE.test(r.url);
    case 'auth': return r.auth === undefined;
    case 'header': return !Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === field.name.toLowerCase());
  }
}
