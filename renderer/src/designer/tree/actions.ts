/**
 * The tree's other edits, pure: add, duplicate, delete and rename scenarios and steps. Each returns ONE edit
 * (one undo step) and, where something new appears, what to select afterwards.
 */
import type { Scenario, Step } from 'loadsmith/plan';
import { setIn, type Doc, type Path } from '../core/doc-path.ts';
import {
  draftAt,
  newRequest,
  newStep,
  objectOf,
  planOf,
  stepAt,
  stepsAt,
  stepKind,
  type StepKind,
} from '../core/doc/index.ts';
import type { Edit } from '../core/edits.ts';
import type { Hook, Selection } from '../core/selection.ts';
import { copyName } from './labels.ts';

export interface TreeChange {
  edit: Edit;
  select?: Selection;
}

/** A new scenario: one VU looping over one request for 30 seconds, ready to run. */
export function newScenario(): Scenario {
  return { executor: 'constant-vus', vus: 1, duration: '30s', steps: [newStep('request')] };
}

export function addScenario(name: string): TreeChange {
  return { edit: { kind: 'set', path: ['scenarios', name], value: newScenario() }, select: { kind: 'scenario', name } };
}

/** A copy named name-copy (or name-copy-2, ...), placed right after the original. */
export function duplicateScenario(doc: Doc, name: string): TreeChange | null {
  const scenarios = objectOf(planOf(doc).scenarios);
  if (!scenarios || !(name in scenarios)) return null;
  const copy = copyName(name, Object.keys(scenarios));
  const entries = Object.entries(scenarios).flatMap(([k, v]) =>
    k === name
      ? [
          [k, v],
          [copy, v],
        ]
      : [[k, v]],
  );
  return {
    edit: { kind: 'replace', doc: setIn(doc, ['scenarios'], Object.fromEntries(entries)) },
    select: { kind: 'scenario', name: copy },
  };
}

/** A copy of the step right after it. (The document is immutable, so the copy may share its parts.) */
export function duplicateStep(doc: Doc, path: Path): TreeChange | null {
  const step = draftAt<Step>(doc, path);
  if (step === undefined) return null;
  const list = path.slice(0, -1);
  const index = (path[path.length - 1] as number) + 1;
  return { edit: { kind: 'insert', path: list, index, value: step }, select: { kind: 'step', path: [...list, index] } };
}

/** A new step at the end of a list: a scenario's or group's steps, or a batch's requests (requests only). */
export function addStep(doc: Doc, list: Path, kind: StepKind): TreeChange {
  const index = stepsAt(doc, list).length;
  return {
    edit: { kind: 'insert', path: list, index, value: newStep(kind) },
    select: { kind: 'step', path: [...list, index] },
  };
}

const FIRST: Readonly<Record<Hook, string>> = { setup: 'Get token', teardown: 'Clean up' };

/** A new setup or teardown holding one request; the request is selected. */
export function addHook(hook: Hook): TreeChange {
  return {
    edit: { kind: 'set', path: [hook], value: { steps: [newRequest(FIRST[hook])] } },
    select: { kind: 'step', path: [hook, 'steps', 0] },
  };
}

export const deleteScenario = (name: string): Edit => ({ kind: 'delete', path: ['scenarios', name] });

/** What a node's inline rename edits, and its current value; null for nodes without a name (think steps, batches). */
export function renameTarget(
  doc: Doc,
  sel: Selection,
): { kind: 'scenario' | 'group' | 'request'; value: string } | null {
  if (sel.kind === 'scenario') return { kind: 'scenario', value: sel.name };
  if (sel.kind !== 'step') return null;
  const step = stepAt(doc, sel.path);
  const kind = stepKind(step);
  if (kind !== 'group' && kind !== 'request') return null;
  const name = objectOf(step?.[kind])?.name;
  return { kind, value: typeof name === 'string' ? name : '' };
}

/**
 * The edit that renames: a scenario's key in place (keeping the order), a group's name, a request's name (empty
 * removes it, so the request is named by its method and URL again). Null when nothing changes.
 */
export function renameEdit(doc: Doc, sel: Selection, name: string): Edit | null {
  const target = renameTarget(doc, sel);
  if (!target || target.value === name) return null;
  if (sel.kind === 'scenario') return { kind: 'renameKey', path: ['scenarios'], from: sel.name, to: name };
  if (sel.kind !== 'step') return null;
  return {
    kind: 'set',
    path: [...sel.path, target.kind, 'name'],
    value: target.kind === 'request' && name === '' ? undefined : name,
  };
}

/** Whether deleting a scenario loses steps (then the tree asks first, although undo would bring them back). */
export function scenarioHasSteps(doc: Doc, name: string): boolean {
  return stepsAt(doc, ['scenarios', name, 'steps']).length > 0;
}
