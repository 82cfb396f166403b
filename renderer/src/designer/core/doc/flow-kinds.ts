/**
 * Flow control steps (issue 20) as the designer's step kinds: what "Add" makes of each, and where their steps are.
 * Loops and once hold one list (like a group); an if and the switches hold several, its branches, which the tree
 * shows as rows of their own (then, else, each weighted branch) so steps can be added to and dragged into each.
 */
import type { Step } from 'loadsmith/plan';
import type { Path } from '../doc-path.ts';
import { listOf, numberOf, objectOf, textOf } from './draft.ts';
import type { StepDraft } from './plan.ts';

/** One list of steps of a step with several: its path from the step, and how the tree names it. */
export interface Branch {
  path: Path;
  name: string;
  /** Muted text after the name: a weighted branch's weight and share. */
  detail?: string;
  /** A weighted branch's share of the passes, in percent (when the weights are numbers). */
  share?: number;
  /** A list the step may leave out (an if's else): it is offered empty, and emptied it goes away. */
  optional?: boolean;
}

type RequestStep = Extract<Step, { request: unknown }>;
export const newRequest = (name = 'New request'): RequestStep => ({
  request: { name, method: 'GET', url: '/', checks: [{ status: 200 }] },
});

/** An if's lists: then always, else even when there is none yet (drop or add steps there to make one). */
export function ifBranches(step: StepDraft): Branch[] {
  const hasElse = objectOf(step.if)?.else !== undefined;
  return [
    { path: ['if', 'then'], name: 'then' },
    {
      path: ['if', 'else'],
      name: 'else',
      optional: true,
      ...(hasElse ? {} : { detail: 'none: add or drop steps here' }),
    },
  ];
}

/** A switch's branches, by their names (or their turn), a weighted one with its share of the total weight. */
export function switchBranches(step: StepDraft, kind: 'randomSwitch' | 'roundRobinSwitch'): Branch[] {
  const branches = listOf(step[kind]).map((b) => objectOf(b) ?? {});
  const total = branches.reduce((t, b) => t + Math.max(0, numberOf('weight' in b ? b.weight : undefined) ?? 0), 0);
  return branches.map((b, k) => {
    const name = textOf(b.name) || `branch ${k + 1}`;
    if (kind === 'roundRobinSwitch') return { path: [kind, k, 'steps'], name, detail: `turn ${k + 1}` };
    const w = numberOf('weight' in b ? b.weight : undefined);
    const share = w !== undefined && total > 0 ? Math.round((w / total) * 1000) / 10 : undefined;
    return {
      path: [kind, k, 'steps'],
      name,
      detail: `weight ${w ?? '?'}${share === undefined ? '' : ` (${share} %)`}`,
      ...(share === undefined ? {} : { share }),
    };
  });
}

/** Whether `rest` (from the step's key on) is one of the lists of an if or a switch. */
export const isIfBranch = (rest: Path): boolean =>
  rest.length === 2 && rest[0] === 'if' && (rest[1] === 'then' || rest[1] === 'else');
export const isSwitchBranch =
  (kind: string) =>
  (rest: Path): boolean =>
    rest.length === 3 && rest[0] === kind && typeof rest[1] === 'number' && rest[2] === 'steps';

const condition = 'status() == 200';
export const newIf = (): Step => ({ if: { condition, then: [newRequest()] } });
export const newRepeat = (): Step => ({ repeat: { times: 3, steps: [newRequest()] } });
export const newWhile = (): Step => ({ while: { condition: 'status() == 202', max: 10, steps: [newRequest('Poll')] } });
export const newDoWhile = (): Step => ({
  doWhile: { condition: 'status() == 202', max: 10, steps: [newRequest('Poll')] },
});
export const newForEach = (): Step => ({ forEach: { in: 'items', as: 'item', steps: [newRequest()] } });
export const newRandomSwitch = (): Step => ({
  randomSwitch: [
    { weight: 70, name: 'browse', steps: [newRequest('Browse')] },
    { weight: 30, name: 'buy', steps: [newRequest('Buy')] },
  ],
});
export const newRoundRobinSwitch = (): Step => ({
  roundRobinSwitch: [
    { name: 'first', steps: [newRequest('First')] },
    { name: 'second', steps: [newRequest('Second')] },
  ],
});
export const newOnce = (): Step => ({ once: { steps: [newRequest('Log in')] } });
