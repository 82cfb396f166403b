/**
 * Flow control steps compiled for vu/flow.ts: expressions compiled once, loop bounds and variable names resolved,
 * weights summed. Each keeps its document path (Try it and Validate report what it did) and a label for messages.
 * The types take the compiled step as a parameter `S` (as the plan's FlowShape does): steps.ts closes the recursion
 * with CompiledFlow<CompiledStep>, so neither file imports the other's types.
 */
import { DEFAULT_COUNTER, DEFAULT_ITEM } from '../../plan/loop-variables.ts';
import { formatPath, type PathSegment } from '../../plan/path.ts';
import type { FlowShape, Step } from '../../plan/schema/index.ts';
import { compileExpression, type Expression } from '../../template/index.ts';

export interface FlowBase {
  /** The step's key as written: if, repeat, while, doWhile, forEach, randomSwitch, roundRobinSwitch, once. */
  written: string;
  /** Document path of the step. */
  path: PathSegment[];
  /** How messages name it: `while at steps[2]`. */
  label: string;
}

export type LoopKind = 'repeat' | 'while' | 'doWhile' | 'forEach';

export interface CompiledLoop<S> extends FlowBase {
  kind: 'loop';
  loop: LoopKind;
  /** repeat: the count, or an expression giving it (evaluated when the loop starts). */
  times: number | Expression | undefined;
  /** while, doWhile: checked before (while) or after (doWhile) each pass. */
  condition: Expression | undefined;
  /** while, doWhile: most passes. */
  max: number;
  /** forEach: the list (evaluated when the loop starts). */
  list: Expression | undefined;
  counter: string;
  /** forEach: the item's variable. */
  item: string | undefined;
  steps: S[];
}

export interface CompiledSwitch<S> extends FlowBase {
  kind: 'switch';
  mode: 'random' | 'roundRobin';
  branches: { name: string | undefined; weight: number; steps: S[] }[];
  /** random: running sums of the weights, for one draw per pass through the switch. */
  cumulative: number[];
}

export interface CompiledIf<S> extends FlowBase {
  kind: 'if';
  condition: Expression;
  then: S[];
  else: S[] | undefined;
}

export interface CompiledOnce<S> extends FlowBase {
  kind: 'once';
  steps: S[];
}

export type CompiledFlow<S> = CompiledIf<S> | CompiledLoop<S> | CompiledSwitch<S> | CompiledOnce<S>;

type Lists<S> = (steps: readonly Step[], path: PathSegment[]) => S[];

export function compileFlow<S>(s: FlowShape<Step>, path: PathSegment[], lists: Lists<S>): CompiledFlow<S> {
  const kind = Object.keys(s)[0] as string;
  const base: FlowBase = {
    written: kind,
    path,
    label: `${kind} at ${formatPath(path[0] === 'scenarios' ? path.slice(2) : path)}`,
  };
  if ('if' in s) {
    const { condition, then, else: otherwise } = s.if;
    return {
      ...base,
      kind: 'if',
      condition: compileExpression(condition),
      then: lists(then, ['if', 'then']),
      else: otherwise ? lists(otherwise, ['if', 'else']) : undefined,
    };
  }
  if ('randomSwitch' in s || 'roundRobinSwitch' in s) {
    const random = 'randomSwitch' in s;
    const raw: { name?: string | undefined; weight?: number; steps: Step[] }[] = random
      ? s.randomSwitch
      : s.roundRobinSwitch;
    const branches = raw.map((b, k) => ({
      name: b.name,
      weight: b.weight ?? 1,
      steps: lists(b.steps, [kind, k, 'steps']),
    }));
    let sum = 0;
    return {
      ...base,
      kind: 'switch',
      mode: random ? 'random' : 'roundRobin',
      branches,
      cumulative: branches.map((b) => (sum += b.weight)),
    };
  }
  if ('once' in s) return { ...base, kind: 'once', steps: lists(s.once.steps, ['once', 'steps']) };
  const loop = {
    ...base,
    kind: 'loop' as const,
    times: undefined,
    condition: undefined,
    max: Infinity,
    list: undefined,
    item: undefined,
  };
  if ('repeat' in s) {
    const { times, counter, steps } = s.repeat;
    return {
      ...loop,
      loop: 'repeat',
      times: typeof times === 'number' ? times : compileExpression(times),
      counter: counter ?? DEFAULT_COUNTER,
      steps: lists(steps, ['repeat', 'steps']),
    };
  }
  if ('forEach' in s) {
    const f = s.forEach;
    return {
      ...loop,
      loop: 'forEach',
      list: compileExpression(f.in),
      counter: f.counter ?? DEFAULT_COUNTER,
      item: f.as ?? DEFAULT_ITEM,
      steps: lists(f.steps, ['forEach', 'steps']),
    };
  }
  const [which, w] = 'while' in s ? ['while' as const, s.while] : ['doWhile' as const, s.doWhile];
  return {
    ...loop,
    loop: which,
    condition: compileExpression(w.condition),
    max: w.max,
    counter: w.counter ?? DEFAULT_COUNTER,
    steps: lists(w.steps, [which, 'steps']),
  };
}
