/**
 * Step kinds, as a table the tree, the menus, the moves and the editors read, and steps and requests read from the
 * document as drafts. StepKind comes from the schema's Step union, so a step type added to the engine does not
 * compile here until it has its entry.
 */
import type { Step } from 'loadsmith/plan';
import { samePath, type Doc, type Path } from '../doc-path.ts';
import { listOf, objectOf, type Draft } from './draft.ts';
import {
  ifBranches,
  isIfBranch,
  isSwitchBranch,
  newDoWhile,
  newForEach,
  newIf,
  newOnce,
  newRandomSwitch,
  newRepeat,
  newRequest,
  newRoundRobinSwitch,
  newWhile,
  switchBranches,
  type Branch,
} from './flow-kinds.ts';
import { newGrpc } from './grpc-kind.ts';
import { draftAt, type RequestDraft, type StepDraft } from './plan.ts';
import { newWebSocket } from './websocket-kind.ts';

/** Every step type of the schema has its entry here. */
export type StepKind = keyof StepDraft & string;

export interface StepKindInfo {
  /** How the "Add" menus name it. */
  label: string;
  /** A new step of this kind, ready to run. */
  create(): Step;
  /** Steps holding one list: the path from the step to it (a group's or a loop's steps, a batch's requests). */
  children?: readonly string[];
  /** Steps holding several lists (an if's then and else, a switch's branches): each, as the step has them now. */
  branches?: (step: StepDraft) => Branch[];
  /** Which paths from the step (its key first) are its branches' lists. */
  isBranch?: (rest: Path) => boolean;
  /** A container that holds requests only (a batch). */
  requestsOnly?: boolean;
  /** Flow control: the add menus list these after the plain steps. */
  flow?: boolean;
}

/** Every step kind, in the order the menus offer them. */
export const STEP_KINDS: { readonly [K in StepKind]: StepKindInfo } = {
  request: { label: 'Request', create: () => newRequest() },
  think: { label: 'Think time', create: () => ({ think: '1s' }) },
  group: {
    label: 'Group',
    create: () => ({ group: { name: 'New group', steps: [newRequest()] } }),
    children: ['group', 'steps'],
  },
  batch: {
    label: 'Batch',
    create: () => ({ batch: [newRequest(), newRequest()] }),
    children: ['batch'],
    requestsOnly: true,
  },
  grpc: { label: 'gRPC call', create: newGrpc },
  if: { label: 'If', create: newIf, branches: ifBranches, isBranch: isIfBranch, flow: true },
  repeat: { label: 'Repeat', create: newRepeat, children: ['repeat', 'steps'], flow: true },
  while: { label: 'While', create: newWhile, children: ['while', 'steps'], flow: true },
  doWhile: { label: 'Do while', create: newDoWhile, children: ['doWhile', 'steps'], flow: true },
  forEach: { label: 'For each', create: newForEach, children: ['forEach', 'steps'], flow: true },
  randomSwitch: {
    label: 'Weighted choice',
    create: newRandomSwitch,
    flow: true,
    branches: (s) => switchBranches(s, 'randomSwitch'),
    isBranch: isSwitchBranch('randomSwitch'),
  },
  roundRobinSwitch: {
    label: 'Round robin',
    create: newRoundRobinSwitch,
    flow: true,
    branches: (s) => switchBranches(s, 'roundRobinSwitch'),
    isBranch: isSwitchBranch('roundRobinSwitch'),
  },
  once: { label: 'Once per VU', create: newOnce, children: ['once', 'steps'], flow: true },
  websocket: { label: 'WebSocket session', create: newWebSocket },
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

/** The steps a container step holds, every branch's in turn (none for other kinds). */
export function childrenOf(step: unknown): readonly Draft<Step>[] {
  const kind = stepKind(step);
  if (kind === 'unknown') return [];
  const { children, branches } = STEP_KINDS[kind];
  if (children) return stepsAt(step, children);
  const s = objectOf(step);
  return branches && s ? branches(s).flatMap((b) => stepsAt(step, b.path)) : [];
}

/** The branches of a step holding several lists (an if, a switch), each with its path from the step; else none. */
export function branchesOf(step: unknown): Branch[] {
  const kind = stepKind(step);
  const s = objectOf(step);
  const branches = kind === 'unknown' ? undefined : STEP_KINDS[kind].branches;
  return branches && s ? branches(s) : [];
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

/** The container step a step list belongs to (its childList or a branch's), or null for a scenario's own steps. */
export function containerOf(list: Path): { step: Path; kind: StepKind } | null {
  for (const kind of STEP_KIND_NAMES) {
    const { children, isBranch } = STEP_KINDS[kind];
    // A branch's list is 2 (if, then) or 3 (randomSwitch, 0, steps) segments below its step.
    const depths = children ? [children.length] : isBranch ? [2, 3] : [];
    for (const n of depths) {
      if (list.length <= n) continue;
      const step = list.slice(0, -n);
      const rest = list.slice(-n);
      const holds = children ? samePath(rest, children) : isBranch?.(rest) === true;
      if (holds && typeof step[step.length - 1] === 'number') return { step, kind };
    }
  }
  return null;
}
