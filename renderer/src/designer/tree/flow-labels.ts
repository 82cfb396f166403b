/** How the plan tree writes a flow control step on its row: a short badge and the step's gist (its condition, count). */
import { DEFAULT_ITEM } from 'loadsmith/plan';
import { listOf, numberOf, objectOf, textOf, type StepDraft } from '../core/doc/index.ts';
import type { StepText } from './labels.ts';

const passes = (n: number | undefined): string => (n === undefined ? '?' : `${n}`);
const branches = (list: unknown): string => {
  const n = listOf(list).length;
  return `${n} branch${n === 1 ? '' : 'es'}`;
};
const expr = (v: unknown): string => textOf(v) || '(no condition)';

export function flowText(
  s: StepDraft,
  kind: 'if' | 'repeat' | 'while' | 'doWhile' | 'forEach' | 'randomSwitch' | 'roundRobinSwitch' | 'once',
): StepText {
  switch (kind) {
    case 'if':
      return { badge: 'if', text: expr(objectOf(s.if)?.condition) };
    case 'repeat': {
      const times = objectOf(s.repeat)?.times;
      return {
        badge: 'repeat',
        text: typeof times === 'number' ? `${times} time${times === 1 ? '' : 's'}` : `${textOf(times) ?? '?'} times`,
      };
    }
    case 'while':
    case 'doWhile': {
      const w = objectOf(s[kind]);
      return {
        badge: kind === 'while' ? 'while' : 'do while',
        text: `${expr(w?.condition)} (max ${passes(numberOf(w?.max))})`,
      };
    }
    case 'forEach': {
      const f = objectOf(s.forEach);
      return { badge: 'for each', text: `${textOf(f?.as) || DEFAULT_ITEM} in ${textOf(f?.in) || '?'}` };
    }
    case 'randomSwitch':
      return { badge: 'weighted', text: branches(s.randomSwitch) };
    case 'roundRobinSwitch':
      return { badge: 'round robin', text: branches(s.roundRobinSwitch) };
    case 'once':
      return { badge: 'once', text: 'per VU' };
  }
}
