/** Steps as the designer names them in one line, and the variables a template may use. */
import { DEFAULT_COUNTER, DEFAULT_ITEM } from 'loadsmith/plan';
import type { Doc } from './doc-path.ts';
import {
  childrenOf,
  entriesOf,
  grpcLabel,
  grpcOf,
  keysOf,
  listOf,
  objectOf,
  planOf,
  requestOf,
  STEP_KINDS,
  stepKind,
  textOf,
  type RequestDraft,
} from './doc/index.ts';

const LOOPS = ['repeat', 'while', 'doWhile', 'forEach'] as const;

/** "GET /users", "Think 1s", "Group checkout", "Batch of 2". */
export function stepLabel(step: unknown): string {
  const s = objectOf(step);
  if (!s) return '(empty step)';
  const request = requestOf(s);
  if (request) return requestLabel(request);
  const grpc = grpcOf(s);
  if (grpc) return `gRPC ${grpcLabel(grpc)}`;
  if ('think' in s) {
    const t = objectOf(s.think);
    return t ? `Think ${String(t.min ?? '?')}–${String(t.max ?? '?')}` : `Think ${String(s.think)}`;
  }
  const group = objectOf(s.group);
  if (group) return `Group ${String(group.name ?? '')}`;
  if (Array.isArray(s.batch)) return `Batch of ${s.batch.length}`;
  const kind = stepKind(s);
  return kind === 'unknown' ? '(unknown step)' : STEP_KINDS[kind].label;
}

/** A request's name, else its method and URL as written. */
export function requestLabel(r: RequestDraft): string {
  return typeof r.name === 'string' && r.name !== '' ? r.name : `${String(r.method ?? 'GET')} ${String(r.url ?? '')}`;
}

/**
 * Every variable name a template or condition may use here: plan variables, what any request extracts (setup's
 * too: every VU reads it) and the loops' pass counters and items.
 */
export function knownVariables(doc: Doc): string[] {
  const plan = planOf(doc);
  const names = new Set<string>(keysOf(plan.variables));
  const walk = (steps: readonly unknown[]): void => {
    for (const step of steps) {
      const s = objectOf(step);
      for (const k of keysOf(requestOf(s)?.extract)) names.add(k);
      for (const k of keysOf(grpcOf(s)?.extract)) names.add(k);
      for (const loop of LOOPS) {
        const l = objectOf(s?.[loop]);
        if (!l) continue;
        names.add(textOf(l.counter) || DEFAULT_COUNTER);
        if (loop === 'forEach') names.add(textOf(objectOf(s?.forEach)?.as) || DEFAULT_ITEM);
      }
      walk(childrenOf(step));
    }
  };
  for (const [, sc] of entriesOf(plan.scenarios)) walk(listOf(objectOf(sc)?.steps));
  for (const hook of [plan.setup, plan.teardown]) walk(listOf(objectOf(hook)?.steps));
  return [...names].sort();
}
