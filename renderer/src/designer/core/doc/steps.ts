/**
 * Step kinds, as a table the tree, the menus, the moves and the editors read, and steps and requests read from the
 * document as drafts. StepKind comes from the schema's Step union, so a step type added to the engine does not
 * compile here until it has its entry.
 */
import type { Step } from 'loadsmith/plan';
import { samePath, type Doc, type Path } from '../doc-path.ts';
import { listOf, objectOf, type Draft } from './draft.ts';
import { draftAt, type RequestDraft, type StepDraft } from './plan.ts';

/**
 * Flow control steps (issue 20) have no designer yet: until they get their entries here they read as 'unknown' (the
 * tree and the editor send them to the code view, which round-trips them). The designer's change removes this.
 */
type NotYetInTheDesigner = 'if' | 'repeat' | 'while' | 'doWhile' | 'forEach' | 'randomSwitch' | 'roundRobinSwitch' | 'once'
  | 'grpc'; // issue 21: the gRPC editor is the designer's part of that issue
export type StepKind = Exclude<keyof StepDraft & string, NotYetInTheDesigner>;

export interface StepKindInfo {
  /** How the "Add" menus name it. */
  label: string;
  /** A new step of this kind, ready to run. */
  create(): Step;
  /** Container steps: the path from the step to the list of steps it holds (a group's steps, a batch's requests). */
  children?: readonly string[];
  /** A container that holds requests only (a batch). */
  requestsOnly?: boolean;
}

type RequestStep = Extract<Step, { request: unknown }>;
const newRequest = (): RequestStep => ({ request: { name: 'New request', method: 'GET', url: '/', checks: [{ status: 200 }] } });

/** Every step kind, in the order the menus offer them. */
export const STEP_KINDS: { readonly [K in StepKind]: StepKindInfo } = {
  request: { label: 'Request', create: newRequest },
  think: { label: 'Think time', create: () => ({ think: '1s' }) },
  group: { label: 'Group', create: () => ({ group: { name: 'New group', steps: [newRequest()] } }), children: ['group', 'steps'] },
  batch: { label: 'Batch', create: () => ({ batch: [newRequest(), newRequest()] }), children: ['batch'], requestsOnly: true },
};
export const STEP_KIND_NAMES = Object.keys(STEP_KINDS) as StepKind[];
export const isStepKind = (kind: string): kind is StepKind => Object.hasOwn(STEP_KINDS, kind);

/** The kind of a step: its first key that names a kind ('unknown' for anything else). */
export function stepKind(step: unknown): StepKind | 'unknown' {
  const s = objectOf(step);
  return (s && STEP_KIND_NAMES.find((k) => k in s)) ?? 'unknown';
}

export const newStep = (kind: StepKind): Step => STEP_KINDS[kind].create();

/** The step at `path`, when it is an object. */
export function stepAt(doc: Doc, path: Path): StepDraft | undefined {
  return objectOf(draftAt<Step>(doc, path));
}

/** The steps of the list at `list` (a scenario's or group's steps, a batch's requests); items may be strays. */
export function stepsAt(doc: Doc, list: Path): readonly Draft<Step>[] {
  return listOf(draftAt<Step[]>(doc, list));
}

/** The steps a container step holds (none for other kinds). */
export function childrenOf(step: unknown): readonly Draft<Step>[] {
  const kind = stepKind(step);
  const children = kind === 'unknown' ? undefined : STEP_KINDS[kind].children;
  return children ? stepsAt(step, children) : [];
}

/** The request object of the request step at `stepPath`. */
export function requestOf(step: StepDraft | undefined): RequestDraft | undefined {
  return objectOf(step?.request);
}

/** The request object at `path` (a path ending in 'request'). */
export function requestAt(doc: Doc, path: Path): RequestDraft | undefined {
  return requestOf(stepAt(doc, path.slice(0, -1)));
}

/** The list a container step's children go into, or null for other kinds. */
export function childList(stepPath: Path, kind: StepKind | 'unknown'): Path | null {
  const children = kind === 'unknown' ? undefined : STEP_KINDS[kind].children;
  return children ? [...stepPath, ...children] : null;
}

/** The container step a step list belongs to (a list path of childList), or null for a scenario's own steps. */
export function containerOf(list: Path): { step: Path; kind: StepKind } | null {
  for (const kind of STEP_KIND_NAMES) {
    const children = STEP_KINDS[kind].children;
    if (!children || list.length <= children.length) continue;
    const step = list.slice(0, -children.length);
    if (samePath(list.slice(-children.length), children) && typeof step[step.length - 1] === 'number') return { step, kind };
  }
  return null;
}
