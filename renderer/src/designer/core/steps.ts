/** Steps as the designer names them in one line, and the variables a template may use. */
import type { Doc } from './doc-path.ts';
import { childrenOf, entriesOf, keysOf, listOf, objectOf, planOf, requestOf, type RequestDraft } from './doc/index.ts';

/** "GET /users", "Think 1s", "Group checkout", "Batch of 2". */
export function stepLabel(step: unknown): string {
  const s = objectOf(step);
  if (!s) return '(empty step)';
  const request = requestOf(s);
  if (request) return requestLabel(request);
  if ('think' in s) {
    const t = objectOf(s.think);
    return t ? `Think ${String(t.min ?? '?')}–${String(t.max ?? '?')}` : `Think ${String(s.think)}`;
  }
  const group = objectOf(s.group);
  if (group) return `Group ${String(group.name ?? '')}`;
  if (Array.isArray(s.batch)) return `Batch of ${s.batch.length}`;
  return '(unknown step)';
}

/** A request's name, else its method and URL as written. */
export function requestLabel(r: RequestDraft): string {
  return typeof r.name === 'string' && r.name !== '' ? r.name : `${String(r.method ?? 'GET')} ${String(r.url ?? '')}`;
}

/** Every variable name a template may use here: plan variables and what any request extracts. */
export function knownVariables(doc: Doc): string[] {
  const plan = planOf(doc);
  const names = new Set<string>(keysOf(plan.variables));
  const walk = (steps: readonly unknown[]): void => {
    for (const step of steps) {
      for (const k of keysOf(requestOf(objectOf(step))?.extract)) names.add(k);
      walk(childrenOf(step));
    }
  };
  for (const [, sc] of entriesOf(plan.scenarios)) walk(listOf(objectOf(sc)?.steps));
  return [...names].sort();
}
