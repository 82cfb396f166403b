/**
 * Every string in a plan that may hold `${...}`, with its path and where it is evaluated; and the expressions of
 * flow control (conditions, forEach lists, repeat counts), which are written without `${...}`.
 */
import { compileExpression, compileTemplate, type TemplateReference } from '../template/index.ts';
import type { PathSegment } from './path.ts';
import type { Auth, GrpcCall, Plan, Request } from './schema/index.ts';
import {
  CHECK_OPERANDS,
  checkStrings,
  strings,
  type DefaultField,
  type TemplateField,
  type TemplateScope,
} from './template-strings.ts';
import { websocketFields } from './websocket-fields.ts';
import { requestsOf, stepsOf } from './walk.ts';
import { grpcCallsOf } from './grpc-names.ts';

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
    if (d.baseUrl !== undefined)
      yield {
        path: ['defaults', 'baseUrl'],
        source: d.baseUrl,
        scope: { kind: 'defaults', field: { kind: 'baseUrl' } },
      };
    for (const [name, value] of Object.entries(d.headers ?? {})) {
      yield* strings(value, ['defaults', 'headers', name], { kind: 'defaults', field: { kind: 'header', name } });
    }
    yield* authStrings(d.auth, ['defaults', 'auth'], { kind: 'defaults', field: { kind: 'auth' } });
  }
  for (const visit of requestsOf(plan))
    yield* requestStrings(visit.request, visit.path, { kind: 'request', scenario: visit.scenario });
  for (const visit of grpcCallsOf(plan))
    yield* grpcStrings(visit.call, visit.path, { kind: 'request', scenario: visit.scenario });
  for (const { step, path, scenario } of stepsOf(plan)) {
    const scope: TemplateScope = { kind: 'request', scenario };
    const expr = (source: string, at: PathSegment[]): TemplateField => ({
      path: [...path, ...at],
      source,
      scope,
      expression: true,
    });
    if ('if' in step) yield expr(step.if.condition, ['if', 'condition']);
    else if ('while' in step) yield expr(step.while.condition, ['while', 'condition']);
    else if ('doWhile' in step) yield expr(step.doWhile.condition, ['doWhile', 'condition']);
    else if ('forEach' in step) yield expr(step.forEach.in, ['forEach', 'in']);
    else if ('repeat' in step && typeof step.repeat.times === 'string')
      yield expr(step.repeat.times, ['repeat', 'times']);
    else if ('websocket' in step) yield* websocketFields(step.websocket, [...path, 'websocket'], scope);
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
  for (const [i, c] of (r.checks ?? []).entries()) yield* checkStrings(c, [...path, 'checks', i], scope);
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

function* authStrings(a: Auth | undefined, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  if (!a) return;
  for (const key of ['token', 'username', 'password', 'value'] as const) {
    const v = (a as Record<string, unknown>)[key];
    if (typeof v === 'string') yield { path: [...path, key], source: v, scope };
  }
}

const ABSOLUTE = /^https?:\/\//i;

/** Does this request use the default (a relative URL uses baseUrl; own auth or header replaces the default)? */
export function usesDefault(r: Request, field: DefaultField): boolean {
  switch (field.kind) {
    case 'baseUrl':
      return !ABSOLUTE.test(r.url);
    case 'auth':
      return r.auth === undefined;
    case 'header':
      return !Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === field.name.toLowerCase());
  }
}
