/** The variables a loop sets while it runs: its pass counter (default `index`) and a forEach's item (default `item`). */
import type { Step } from './schema/index.ts';

export const DEFAULT_COUNTER = 'index';
export const DEFAULT_ITEM = 'item';

export interface LoopVariable {
  name: string;
  role: 'counter' | 'as';
}

export function loopVariables(step: Step): LoopVariable[] {
  if ('repeat' in step) return [{ name: step.repeat.counter ?? DEFAULT_COUNTER, role: 'counter' }];
  if ('while' in step) return [{ name: step.while.counter ?? DEFAULT_COUNTER, role: 'counter' }];
  if ('doWhile' in step) return [{ name: step.doWhile.counter ?? DEFAULT_COUNTER, role: 'counter' }];
  if ('forEach' in step) {
    return [
      { name: step.forEach.counter ?? DEFAULT_COUNTER, role: 'counter' },
      { name: step.forEach.as ?? DEFAULT_ITEM, role: 'as' },
    ];
  }
  return [];
}
