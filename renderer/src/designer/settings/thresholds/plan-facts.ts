/**
 * What thresholds can filter on in this plan: scenario names, request names, group paths, check names, methods,
 * statuses and custom tags with their values. Read from the document being edited, so only well-formed steps
 * count (a half-typed step is skipped rather than breaking the list).
 */
import { checkName, HTTP_METHODS, requestName, Step, groupsOf, requestsOf, type Plan } from 'loadsmith/plan';
import type { Doc } from '../../core/doc-path.ts';
import { defaultsOf, entriesOf, listOf, scenarioEntries } from '../../core/doc/index.ts';

/** The tags of a draft that are text (name -> value). */
const stringMap = (tags: unknown): Record<string, string> =>
  Object.fromEntries(entriesOf(tags).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * The document reduced to what the engine's threshold analysis reads (scenarios' valid steps and tags, the
 * default tags, the thresholds): a Plan made of the parts that pass the engine's schema.
 */
export function analysisPlan(doc: Doc, thresholds: Plan['thresholds'] = {}): Plan {
  const scenarios: Plan['scenarios'] = {};
  for (const [name, sc] of scenarioEntries(doc)) {
    const steps = listOf(sc?.steps).flatMap((s) => {
      const parsed = Step.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    });
    scenarios[name] = { executor: 'constant-vus', duration: '1s', steps, tags: stringMap(sc?.tags) };
  }
  return { version: 1, name: 'analysis', scenarios, defaults: { tags: stringMap(defaultsOf(doc).tags) }, thresholds };
}

/** Statuses offered for the status tag besides those the plan's checks name. */
const COMMON_STATUSES = [
  '200',
  '201',
  '204',
  '301',
  '302',
  '304',
  '400',
  '401',
  '403',
  '404',
  '409',
  '422',
  '429',
  '500',
  '502',
  '503',
  '504',
];

/** Values a threshold tag filter can take, per tag (custom tags included); sorted, without duplicates. */
export function tagValues(plan: Plan): Record<string, string[]> {
  const out: Record<string, Set<string>> = {
    scenario: new Set(Object.keys(plan.scenarios)),
    request: new Set(),
    group: new Set(),
    check: new Set(),
    method: new Set(HTTP_METHODS),
    status: new Set(COMMON_STATUSES),
    expected_response: new Set(['true', 'false']),
  };
  const custom = (tags: Record<string, string> | undefined): void => {
    for (const [k, v] of Object.entries(tags ?? {})) (out[k] ??= new Set()).add(v);
  };
  custom(plan.defaults?.tags);
  for (const sc of Object.values(plan.scenarios)) {
    for (const g of groupsOf(sc.steps)) out.group?.add(g);
    custom(sc.tags);
  }
  for (const v of requestsOf(plan)) {
    out.request?.add(requestName(v.request));
    if (v.request.method) out.method?.add(v.request.method);
    custom(v.request.tags);
    for (const c of v.request.checks ?? []) {
      out.check?.add(checkName(c));
      if ('status' in c && typeof c.status === 'number') out.status?.add(String(c.status));
    }
  }
  return Object.fromEntries(
    Object.entries(out).map(([k, s]) => [k, [...s].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))]),
  );
}

/** Custom tag names the plan defines (allowed on HTTP metrics). */
export function customTagNames(plan: Plan): string[] {
  const names = new Set(Object.keys(plan.defaults?.tags ?? {}));
  for (const sc of Object.values(plan.scenarios)) for (const t of Object.keys(sc.tags ?? {})) names.add(t);
  for (const v of requestsOf(plan)) for (const t of Object.keys(v.request.tags ?? {})) names.add(t);
  return [...names].sort();
}
