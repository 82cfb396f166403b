/** JSON bodies with `${...}` inside strings: compiled once; a body without expressions is serialised once. */
import { compileTemplate, type TemplateContext } from '../../template/index.ts';
import { NO_CTX } from './no-context.ts';

export type JsonBody = { constant: true; text: string } | { constant: false; build: (ctx: TemplateContext) => string };

export function compileJsonBody(value: unknown): JsonBody {
  const make = compileMaker(value);
  if (make === undefined) return { constant: true, text: JSON.stringify(value) };
  return { constant: false, build: (ctx) => JSON.stringify(make(ctx)) };
}

type Maker = (ctx: TemplateContext) => unknown;

/** True when `value` holds no `${...}` at any depth: compileValue(value) then returns `value` itself every time. */
export function isConstantValue(value: unknown): boolean {
  return compileMaker(value) === undefined;
}

/** Any value with `${...}` in its strings (at any depth) -> a function building it for a context. */
export function compileValue(value: unknown): Maker {
  return compileMaker(value) ?? (() => value);
}

/** undefined when the value holds no expression (it is then used as is). */
function compileMaker(v: unknown): Maker | undefined {
  if (typeof v === 'string') {
    const t = compileTemplate(v);
    if (!t.constant) return (ctx) => t.evaluate(ctx);
    const text = t.render(NO_CTX); // `$${` escapes make a constant differ from its source
    return text === v ? undefined : () => text;
  }
  if (Array.isArray(v)) {
    const items = v.map(compileMaker);
    if (items.every((m) => m === undefined)) return undefined;
    return (ctx) => items.map((m, i) => (m ? m(ctx) : v[i]));
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).map(([k, x]) => [k, x, compileMaker(x)] as const);
    if (entries.every((e) => e[2] === undefined)) return undefined;
    return (ctx) => {
      const out: Record<string, unknown> = {};
      for (const [k, x, m] of entries) out[k] = m ? m(ctx) : x;
      return out;
    };
  }
  return undefined;
}
