/**
 * What Try it and Validate show of flow control: which branch ran, how many passes a loop made (and whether its
 * max stopped it), which weighted branch was drawn, whether a once block ran. Same shape as app/contract's
 * FlowTraceEntry.
 */
import type { PathSegment } from '../../plan/path.ts';
import type { FlowEvent } from './hook.ts';

export interface FlowTraceEntry {
  scenario: string;
  /** Document path of the flow step ([..., 'steps', i]). */
  path: PathSegment[];
  /** The step's kind as written: if, repeat, while, doWhile, forEach, randomSwitch, roundRobinSwitch, once. */
  kind: string;
  /** Pass of each enclosing loop, outermost first. */
  passes: number[];
  /** if: 'then' or 'else' (null: false and no else); a switch: the branch's index; null otherwise. */
  branch: 'then' | 'else' | number | null;
  /** Loops: passes made; once: 1 when it ran, 0 when skipped; null otherwise. */
  count: number | null;
  /** A while or doWhile stopped by its max with its condition still true. */
  hitMax: boolean;
  /** The decision in words, e.g. "branch 2 'buy' (weight 30 of 100)". */
  text: string;
}

export type FlowDraft = Omit<FlowTraceEntry, 'scenario'>;

export function flowDraft(event: FlowEvent, passes: number[]): FlowDraft {
  const step = event.step;
  const base = { path: step.path, kind: step.written, passes, branch: null, count: null, hitMax: false };
  switch (event.what) {
    case 'once':
      return {
        ...base,
        count: event.ran ? 1 : 0,
        text: event.ran ? 'ran: the first time this VU got here' : 'skipped: this VU ran it before',
      };
    case 'end': {
      const n = event.passes;
      const more = event.hitMax ? `, stopped at its max (${event.step.max}) with the condition still true` : '';
      return { ...base, count: n, hitMax: event.hitMax, text: `${n} pass${n === 1 ? '' : 'es'}${more}` };
    }
    case 'pass':
      return { ...base, text: `pass ${event.pass}` };
    case 'branch': {
      const b = event.branch;
      if (step.kind === 'switch' && typeof b === 'number') {
        const branch = step.branches[b];
        const named = `branch ${b + 1}${branch?.name ? ` '${branch.name}'` : ''}`;
        const total = step.cumulative[step.cumulative.length - 1] ?? 0;
        return {
          ...base,
          branch: b,
          text: step.mode === 'random' ? `${named} drawn (weight ${branch?.weight} of ${total})` : `${named}, in turn`,
        };
      }
      return {
        ...base,
        branch: b,
        text:
          b === 'then'
            ? 'condition true: then'
            : b === 'else'
              ? 'condition false: else'
              : 'condition false: nothing to run',
      };
    }
  }
}
