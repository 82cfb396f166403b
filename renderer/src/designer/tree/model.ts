/**
 * The plan tree as data, pure: one node per row (plan settings and their sections, scenarios, steps, batch
 * requests), each knowing what selecting it selects, where it sits in a reorderable list, where its children go
 * and the validation issues inside it. The component only renders this and turns keys into edits.
 */
import type { PlanIssue } from '../../../../app/contract/index.ts';
import type { Doc, Path } from '../core/doc-path.ts';
import { isHook, type Hook, type Selection, type SettingsSection } from '../core/selection.ts';
import {
  branchesOf,
  childList,
  childrenOf,
  listOf,
  planOf,
  scenarioEntries,
  stepKind,
  stepsAt,
  type StepKind,
} from '../core/doc/index.ts';
import { issuesUnder } from '../core/validation.ts';
import { scenarioSummary, stepAriaLabel, stepText } from './labels.ts';

/** A step's node kind is its step kind (core/doc/steps.ts). */
/** A branch is one list of an if or a switch (then, else, a weighted branch): a row to add and drop steps into. */
export type NodeKind = 'settings' | 'section' | 'scenario' | 'hook' | StepKind | 'branch' | 'unknown';

/** Where a node sits among its movable siblings. */
export type Place =
  | { kind: 'scenario'; name: string; index: number; count: number }
  | { kind: 'step'; list: Path; index: number; count: number };

export interface TreeNode {
  id: string;
  kind: NodeKind;
  /** Short tag before the text: the HTTP method of a request, "group", "think", "batch". */
  badge?: string;
  text: string;
  /** Muted text after it: the executor summary of a scenario. */
  detail?: string;
  /** The accessible name. */
  label: string;
  selection: Selection;
  place?: Place;
  /** The list children are added to: a scenario's, group's, loop's or branch's steps, a batch's requests. */
  childList?: Path;
  /** A branch's list may be absent (an if's else): the tree offers it empty. */
  optional?: boolean;
  issues: PlanIssue[];
  children: TreeNode[];
}

export const SECTIONS: readonly { section: SettingsSection; text: string; keys: readonly string[] }[] = [
  { section: 'general', text: 'General', keys: [] },
  { section: 'defaults', text: 'Defaults', keys: ['defaults'] },
  { section: 'variables', text: 'Variables', keys: ['variables'] },
  { section: 'data', text: 'Data files', keys: ['data'] },
  { section: 'thresholds', text: 'Thresholds', keys: ['thresholds'] },
];
const SECTION_KEYS = new Set(SECTIONS.flatMap((s) => s.keys));

/** The node id of what a selection selects (the tree highlights it). */
export function selectionId(sel: Selection): string {
  switch (sel.kind) {
    case 'settings':
      return `settings:${sel.section}`;
    case 'scenario':
      return `scenario:${sel.name}`;
    case 'hook':
      return `hook:${sel.hook}`;
    case 'step':
      return stepId(sel.path);
  }
}

export const stepId = (path: Path): string => `step:${JSON.stringify(path)}`;
export const SETTINGS_ID = 'settings';

export function buildTree(doc: Doc, issues: readonly PlanIssue[]): TreeNode[] {
  const outside = issues.filter((i) => i.path[0] !== 'scenarios' && !isHook(i.path[0]));
  const sections: TreeNode[] = SECTIONS.map(({ section, text, keys }) => ({
    id: `settings:${section}`,
    kind: 'section',
    text,
    label: text,
    selection: { kind: 'settings', section },
    // General holds everything outside the other sections: name, version, description, unknown keys.
    issues: outside.filter((i) =>
      keys.length === 0 ? !SECTION_KEYS.has(String(i.path[0])) : keys.includes(String(i.path[0])),
    ),
    children: [],
  }));
  const settings: TreeNode = {
    id: SETTINGS_ID,
    kind: 'settings',
    text: 'Plan settings',
    label: 'Plan settings',
    selection: { kind: 'settings', section: 'general' },
    issues: outside,
    children: sections,
  };
  const scenarios = scenarioEntries(doc);
  return [
    settings,
    ...hookNode(doc, 'setup', issues),
    ...scenarios.map(([name, sc], index) => {
      const detail = scenarioSummary(sc);
      const list: Path = ['scenarios', name, 'steps'];
      return {
        id: `scenario:${name}`,
        kind: 'scenario' as const,
        text: name,
        detail,
        label: detail ? `${name}, ${detail}` : name,
        selection: { kind: 'scenario' as const, name },
        place: { kind: 'scenario' as const, name, index, count: scenarios.length },
        childList: list,
        issues: issuesUnder(issues, ['scenarios', name]),
        children: stepNodes(listOf(sc?.steps), list, issues),
      };
    }),
    ...hookNode(doc, 'teardown', issues),
  ];
}

const HOOK_TEXT: Readonly<Record<Hook, { text: string; when: string }>> = {
  setup: { text: 'Setup', when: 'once per run, before the scenarios' },
  teardown: { text: 'Teardown', when: 'once per run, after the scenarios' },
};

/** Setup or teardown, when the plan has it (the buttons under the tree add one). */
function hookNode(doc: Doc, hook: Hook, issues: readonly PlanIssue[]): TreeNode[] {
  if (planOf(doc)[hook] === undefined) return [];
  const { text, when } = HOOK_TEXT[hook];
  const list: Path = [hook, 'steps'];
  return [
    {
      id: `hook:${hook}`,
      kind: 'hook',
      text,
      detail: when,
      label: `${text}, ${when}`,
      selection: { kind: 'hook', hook },
      childList: list,
      issues: issuesUnder(issues, [hook]),
      children: stepNodes(stepsAt(doc, list), list, issues),
    },
  ];
}

function stepNodes(steps: readonly unknown[], list: Path, issues: readonly PlanIssue[]): TreeNode[] {
  return steps.map((step, index) => {
    const path = [...list, index];
    const kind = stepKind(step);
    const { badge, text } = stepText(step);
    const children = childList(path, kind) ?? undefined;
    const label = stepAriaLabel(step);
    return {
      id: stepId(path),
      kind,
      badge,
      text,
      label,
      selection: { kind: 'step', path },
      place: { kind: 'step', list, index, count: steps.length },
      childList: children,
      issues: issuesUnder(issues, path),
      children: children ? stepNodes(childrenOf(step), children, issues) : branchNodes(step, path, label, issues),
    } satisfies TreeNode;
  });
}

/** The rows of an if's or a switch's lists; selecting one selects the step (its editor edits the branches). */
function branchNodes(step: unknown, path: Path, owner: string, issues: readonly PlanIssue[]): TreeNode[] {
  return branchesOf(step).map((b) => {
    const list = [...path, ...b.path];
    return {
      id: `branch:${JSON.stringify(list)}`,
      kind: 'branch' as const,
      text: b.name,
      ...(b.detail ? { detail: b.detail } : {}),
      label: `${b.name} of ${owner}`,
      selection: { kind: 'step' as const, path },
      childList: list,
      ...(b.optional ? { optional: true } : {}),
      issues: issuesUnder(issues, list),
      children: stepNodes(stepsAt(step, b.path), list, issues),
    };
  });
}

/** How buttons and menus name a node: a scenario by its name, anything else as a screen reader reads it. */
export const shortName = (node: TreeNode): string => (node.kind === 'scenario' ? node.text : node.label);

/** A visible row: the node, its parent's id, and its depth (1 at the top, as aria-level). */
export interface Row {
  node: TreeNode;
  parentId: string | null;
  level: number;
}

/** The rows the user can see and walk with the arrow keys: children of collapsed nodes are left out. */
export function visibleRows(nodes: readonly TreeNode[], collapsed: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (list: readonly TreeNode[], parentId: string | null, level: number): void => {
    for (const node of list) {
      rows.push({ node, parentId, level });
      if (node.children.length > 0 && !collapsed.has(node.id)) walk(node.children, node.id, level + 1);
    }
  };
  walk(nodes, null, 1);
  return rows;
}

export function findNode(nodes: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Ids of the nodes on the way to `id` (not included): expanding them makes it visible. */
export function ancestorIds(nodes: readonly TreeNode[], id: string): string[] | undefined {
  for (const n of nodes) {
    if (n.id === id) return [];
    const inner = ancestorIds(n.children, id);
    if (inner) return [n.id, ...inner];
  }
  return undefined;
}
