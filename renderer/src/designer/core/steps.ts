/** Steps as the tree shows and creates them: their kind, a one-line label, and new steps with sensible defaults. */
import { getIn, type Doc, type Path } from './doc-path.ts';

export type StepKind = 'request' | 'think' | 'group' | 'batch' | 'unknown';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

export function stepKind(step: unknown): StepKind {
  if (!isRec(step)) return 'unknown';
  for (const k of ['request', 'think', 'group', 'batch'] as const) if (k in step) return k;
  return 'unknown';
}

export function stepLabel(step: unknown): string {
  if (!isRec(step)) return '(empty step)';
  if (isRec(step.request)) return requestLabel(step.request);
  if ('think' in step) {
    const t = step.think;
    return isRec(t) ? `Think ${String(t.min ?? '?')}–${String(t.max ?? '?')}` : `Think ${String(t)}`;
  }
  if (isRec(step.group)) return `Group ${String(step.group.name ?? '')}`;
  if (Array.isArray(step.batch)) return `Batch of ${step.batch.length}`;
  return '(unknown step)';
}

export function requestLabel(r: Rec): string {
  return typeof r.name === 'string' && r.name !== '' ? r.name : `${String(r.method ?? 'GET')} ${String(r.url ?? '')}`;
}

export function newStep(kind: Exclude<StepKind, 'unknown'>): Rec {
  switch (kind) {
    case 'request': return { request: { name: 'New request', method: 'GET', url: '/', checks: [{ status: 200 }] } };
    case 'think': return { think: '1s' };
    case 'group': return { group: { name: 'New group', steps: [newStep('request')] } };
    case 'batch': return { batch: [newStep('request'), newStep('request')] };
  }
}

/** The path of the steps array of a scenario. */
export const scenarioSteps = (name: string): Path => ['scenarios', name, 'steps'];

/** Every variable name a template may use here: plan variables and what any request extracts. */
export function knownVariables(doc: Doc): string[] {
  const names = new Set<string>(Object.keys((getIn(doc, ['variables']) as Rec | undefined) ?? {}));
  const walk = (steps: unknown): void => {
    if (!Array.isArray(steps)) return;
    for (const s of steps) {
      if (!isRec(s)) continue;
      if (isRec(s.request) && isRec(s.request.extract)) for (const k of Object.keys(s.request.extract)) names.add(k);
      if (Array.isArray(s.batch)) walk(s.batch);
      if (isRec(s.group)) walk(s.group.steps);
    }
  };
  const scenarios = getIn(doc, ['scenarios']);
  if (isRec(scenarios)) for (const sc of Object.values(scenarios)) if (isRec(sc)) walk(sc.steps);
  return [...names].sort();
}
