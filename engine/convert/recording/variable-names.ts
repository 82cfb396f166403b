/**
 * Variable names for correlations, from where the value came: `csrf_token` (an input), `token` (a JSON field),
 * `item_id` (an `id` inside `items`). Valid plan variable names, never a reserved one, unique in the plan.
 */
import { RESERVED_NAMES } from '../../plan/schema/index.ts';

export function variableName(hint: string): string {
  let name = hint.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (name === '') name = 'value';
  if (/^\d/.test(name)) name = `v_${name}`;
  if ((RESERVED_NAMES as readonly string[]).includes(name)) name = `${name}_value`;
  return name.length > 60 ? name.slice(0, 60) : name;
}

/** One name per hint, in order; a name used twice gets _2, _3... */
export function variableNames(hints: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return hints.map((hint) => {
    const root = variableName(hint);
    let name = root;
    for (let i = 2; used.has(name); i++) name = `${root}_${i}`;
    used.add(name);
    return name;
  });
}
