/**
 * What the plan tree writes on its rows, pure: a scenario's executor in a few words, a step's badge and text, and
 * the names the tree makes up (a new scenario, a copy) so that they never collide with an existing one.
 */
import { maxVus, NAME_PATTERN, type Scenario } from 'loadsmith/plan';
import { listOf, objectOf, requestOf, stepKind, type Draft } from '../core/doc/index.ts';
import { flowText } from './flow-labels.ts';
import { webSocketText } from './websocket-label.ts';
import { grpcText } from './grpc-label.ts';
/** "s" for the default 1s, else the unit as written ("1m", "10s"). */
const perUnit = (timeUnit: unknown): string => (typeof timeUnit === 'string' && timeUnit !== '1s' ? timeUnit : 's');
const count = (n: unknown, one: string): string =>
  typeof n === 'number' ? `${n} ${one}${n === 1 ? '' : 's'}` : `? ${one}s`;

/** "ramping-vus up to 10 VUs", "constant-vus 5 VUs for 30s": the executor and the load it puts on, at a glance. */
export function scenarioSummary(scenario: Draft<Scenario> | undefined): string {
  const sc = objectOf(scenario);
  if (!sc) return '';
  const executor = typeof sc.executor === 'string' ? sc.executor : 'no executor';
  const vus = sc.vus ?? 1;
  switch (sc.executor) {
    case 'constant-vus':
      return `${executor} ${count(vus, 'VU')}${typeof sc.duration === 'string' ? ` for ${sc.duration}` : ''}`;
    case 'ramping-vus': {
      const stagesOk =
        Array.isArray(sc.stages) && listOf(sc.stages).every((s) => typeof objectOf(s)?.target === 'number');
      // Checked just above: the stages maxVus reads are all there.
      return `${executor} up to ${stagesOk ? count(maxVus(sc as Scenario), 'VU') : '? VUs'}`;
    }
    case 'per-vu-iterations':
      return `${executor} ${count(sc.iterations ?? 1, 'iteration')} × ${count(vus, 'VU')}`;
    case 'shared-iterations':
      return `${executor} ${count(sc.iterations ?? 1, 'iteration')} shared by ${count(vus, 'VU')}`;
    case 'constant-arrival-rate':
      return `${executor} ${String(sc.rate ?? '?')}/${perUnit(sc.timeUnit)}${typeof sc.duration === 'string' ? ` for ${sc.duration}` : ''}`;
    case 'ramping-arrival-rate': {
      const targets = listOf(sc.stages).map((s) => objectOf(s)?.target);
      const known = targets.filter((t) => typeof t === 'number');
      const peak = known.length === targets.length ? Math.max(Number(sc.startRate ?? 0), ...known) : '?';
      return `${executor} up to ${peak}/${perUnit(sc.timeUnit)}`;
    }
    default:
      return executor;
  }
}

/** The parts of a step's row: a short badge (the HTTP method for requests) and the text after it. */
export interface StepText {
  badge: string;
  text: string;
}

export function stepText(step: unknown): StepText {
  const s = objectOf(step) ?? {};
  const kind = stepKind(step);
  switch (kind) {
    case 'request': {
      const r = requestOf(s) ?? {};
      const method = typeof r.method === 'string' && r.method !== '' ? r.method.toUpperCase() : 'GET';
      const text =
        typeof r.name === 'string' && r.name !== ''
          ? r.name
          : typeof r.url === 'string' && r.url !== ''
            ? r.url
            : '(no URL)';
      return { badge: method, text };
    }
    case 'think': {
      const t = s.think;
      const range = objectOf(t);
      return {
        badge: 'think',
        text: range ? `${String(range.min ?? '?')}–${String(range.max ?? '?')}` : String(t ?? '?'),
      };
    }
    case 'group': {
      const g = objectOf(s.group) ?? {};
      return { badge: 'group', text: typeof g.name === 'string' && g.name !== '' ? g.name : '(unnamed)' };
    }
    case 'batch':
      return { badge: 'batch', text: Array.isArray(s.batch) ? count(s.batch.length, 'request') : '(empty)' };
    case 'if':
    case 'repeat':
    case 'while':
    case 'doWhile':
    case 'forEach':
    case 'randomSwitch':
    case 'roundRobinSwitch':
    case 'once':
      return flowText(s, kind);
    case 'websocket':
      return webSocketText(s);
    case 'grpc':
      return grpcText(s);
    case 'unknown':
      return { badge: '?', text: 'unknown step' };
  }
}

/** The name a screen reader reads for a step: "GET List users", "Think 1s", "Group checkout", "Batch of 2 requests". */
export function stepAriaLabel(step: unknown): string {
  const { badge, text } = stepText(step);
  switch (badge) {
    case 'think':
      return `Think ${text}`;
    case 'group':
      return `Group ${text}`;
    case 'batch':
      return `Batch of ${text}`;
    case 'if':
      return `If ${text}`;
    case 'weighted':
      return `Weighted choice of ${text}`;
    case 'round robin':
      return `Round robin of ${text}`;
    case 'once':
      return 'Once per VU';
    case 'ws':
      return `WebSocket session ${text}`;
    default:
      return `${badge} ${text}`;
  }
}

/** `base` when it is free, else base-2, base-3, ... */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}-${i}`)) return `${base}-${i}`;
}

export const copyName = (name: string, taken: Iterable<string>): string => uniqueName(`${name}-copy`, taken);

const NAME_RE = new RegExp(NAME_PATTERN);

/** Why a scenario name cannot be used (null when it can). `current` is the name being renamed, if any. */
export function scenarioNameProblem(name: string, taken: Iterable<string>, current?: string): string | null {
  if (name === '') return 'Enter a name.';
  if (!NAME_RE.test(name)) return 'Use letters, digits, _ and - only.';
  if (name !== current && new Set(taken).has(name)) return `A scenario named “${name}” already exists.`;
  return null;
}

/** Why a group name cannot be used: the engine joins nested group names with ":". */
export function groupNameProblem(name: string): string | null {
  if (name === '') return 'Enter a name.';
  if (name.includes(':')) return 'Group names may not contain “:”.';
  return null;
}
