/**
 * The step lists inside a step (a group's, a branch's, a loop's), for walking a plan. Types only from the schema:
 * worker threads walk plans and never load zod (runtime/worker/main.ts, its memory).
 */
import type { FlowShape } from './schema/flow.ts';
import type { Step } from './schema/index.ts';

/** The step lists directly inside a step, each with its path from the step. */
export function childLists(step: Step): { steps: readonly Step[]; path: (string | number)[] }[] {
  if ('request' in step || 'think' in step || 'batch' in step || 'websocket' in step || 'grpc' in step) return [];
  if ('group' in step) return [{ steps: step.group.steps, path: ['group', 'steps'] }];
  return flowChildren(step);
}

/** The step lists directly inside a flow step, each with its path from the step (for walking a plan). */
function flowChildren<S>(step: FlowShape<S>): { steps: readonly S[]; path: (string | number)[] }[] {
  if ('if' in step)
    return [
      { steps: step.if.then, path: ['if', 'then'] },
      ...(step.if.else ? [{ steps: step.if.else, path: ['if', 'else'] }] : []),
    ];
  if ('repeat' in step) return [{ steps: step.repeat.steps, path: ['repeat', 'steps'] }];
  if ('while' in step) return [{ steps: step.while.steps, path: ['while', 'steps'] }];
  if ('doWhile' in step) return [{ steps: step.doWhile.steps, path: ['doWhile', 'steps'] }];
  if ('forEach' in step) return [{ steps: step.forEach.steps, path: ['forEach', 'steps'] }];
  if ('randomSwitch' in step)
    return step.randomSwitch.map((b, k) => ({ steps: b.steps, path: ['randomSwitch', k, 'steps'] }));
  if ('roundRobinSwitch' in step)
    return step.roundRobinSwitch.map((b, k) => ({ steps: b.steps, path: ['roundRobinSwitch', k, 'steps'] }));
  return [{ steps: step.once.steps, path: ['once', 'steps'] }];
}
