/**
 * Auth compiled to a header or a query parameter, rendered per request (tokens usually come from variables).
 * `constant`: the value is the same for every VU and request (computed once).
 */
import type { Auth } from '../../plan/schema/index.ts';
import { compileTemplate, type TemplateContext } from '../../template/index.ts';
import { NO_CTX } from './no-context.ts';

export type CompiledAuth =
  | { in: 'header'; name: string; value: (ctx: TemplateContext) => string; constant: boolean }
  | { in: 'query'; name: string; value: (ctx: TemplateContext) => string; constant: boolean };

export function compileAuth(a: Auth | undefined): CompiledAuth | undefined {
  if (!a || a.type === 'none') return undefined;
  switch (a.type) {
    case 'bearer': {
      const token = compileTemplate(a.token);
      const scheme = a.scheme ?? 'Bearer';
      if (token.constant) {
        const fixed = `${scheme} ${token.render(NO_CTX)}`;
        return { in: 'header', name: 'authorization', value: () => fixed, constant: true };
      }
      return { in: 'header', name: 'authorization', value: (ctx) => `${scheme} ${token.render(ctx)}`, constant: false };
    }
    case 'basic': {
      const user = compileTemplate(a.username);
      const pass = compileTemplate(a.password);
      if (user.constant && pass.constant) {
        const fixed = `Basic ${Buffer.from(`${user.render(NO_CTX)}:${pass.render(NO_CTX)}`).toString('base64')}`;
        return { in: 'header', name: 'authorization', value: () => fixed, constant: true };
      }
      return {
        in: 'header',
        name: 'authorization',
        value: (ctx) => `Basic ${Buffer.from(`${user.render(ctx)}:${pass.render(ctx)}`).toString('base64')}`,
        constant: false,
      };
    }
    case 'apiKey': {
      const value = compileTemplate(a.value);
      return {
        in: a.in ?? 'header',
        name: a.in === 'query' ? a.name : a.name.toLowerCase(),
        value: (ctx) => value.render(ctx),
        constant: value.constant,
      };
    }
  }
}
