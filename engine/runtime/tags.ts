/** Custom tag names a plan defines (defaults, scenarios, requests): thresholds may filter HTTP metrics by them. */
import type { Plan } from '../plan/schema/index.ts';
import { requestsOf } from '../plan/walk.ts';

export function customTags(plan: Plan): string[] {
  const tags = new Set(Object.keys(plan.defaults?.tags ?? {}));
  for (const sc of Object.values(plan.scenarios)) for (const t of Object.keys(sc.tags ?? {})) tags.add(t);
  for (const v of requestsOf(plan)) for (const t of Object.keys(v.request.tags ?? {})) tags.add(t);
  return [...tags];
}
