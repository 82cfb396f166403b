/**
 * Where a key the form adds goes in its object, so the YAML reads as a person writes it (name, method, url before
 * checks; executor before steps). Keys already there keep their place: YAML the user typed keeps its order.
 */
import type { Path } from './doc-path.ts';

/** The request keys in the order the plan reference lists them. */
export const REQUEST_KEY_ORDER = [
  'name',
  'method',
  'url',
  'query',
  'headers',
  'disabled',
  'json',
  'form',
  'text',
  'file',
  'auth',
  'timeout',
  'maxRedirects',
  'expectedStatuses',
  'http',
  'checks',
  'extract',
  'tags',
] as const;
const PLAN_KEY_ORDER = [
  'version',
  'name',
  'description',
  'defaults',
  'variables',
  'data',
  'setup',
  'scenarios',
  'teardown',
  'thresholds',
  'summaryTrendStats',
  'outputs',
];
/** A flow step's own keys (plans/README.md's order): what decides first, then the steps. */
const FLOW_KEY_ORDER = ['condition', 'in', 'as', 'times', 'max', 'counter', 'then', 'else', 'steps'];
const FLOW_KEYS = new Set(['if', 'repeat', 'while', 'doWhile', 'forEach', 'once']);
const BRANCH_KEY_ORDER = ['weight', 'name', 'steps'];
const SCENARIO_KEY_ORDER = [
  'executor',
  'description',
  'startTime',
  'vus',
  'startVUs',
  'iterations',
  'rate',
  'startRate',
  'timeUnit',
  'duration',
  'stages',
  'preAllocatedVUs',
  'maxVUs',
  'maxDuration',
  'gracefulStop',
  'gracefulRampDown',
  'tags',
  'steps',
];
/** A WebSocket session's keys and a receive's (plans/README.md's order): where, how, then what it does. */
const WEBSOCKET_KEY_ORDER = [
  'name',
  'url',
  'headers',
  'subprotocols',
  'insecureTls',
  'tls',
  'timeout',
  'checks',
  'tags',
  'actions',
];
const RECEIVE_KEY_ORDER = ['name', 'match', 'condition', 'timeout', 'checks', 'extract'];
const DEFAULTS_KEY_ORDER = ['baseUrl', 'headers', 'auth', 'timeout', 'maxRedirects', 'expectedStatuses', 'http'];

/** The order of the object at `path` (the object's own path), or undefined when any order is fine. */
export function keyOrderAt(path: Path): readonly string[] | undefined {
  const last = path[path.length - 1];
  if (path.length === 0) return PLAN_KEY_ORDER;
  if (last === 'request') return REQUEST_KEY_ORDER;
  if (last === 'websocket') return WEBSOCKET_KEY_ORDER;
  if (last === 'receive') return RECEIVE_KEY_ORDER;
  if (path.length === 1 && last === 'defaults') return DEFAULTS_KEY_ORDER;
  if (path.length === 2 && path[0] === 'scenarios') return SCENARIO_KEY_ORDER;
  if (typeof last === 'string' && FLOW_KEYS.has(last) && typeof path[path.length - 2] === 'number')
    return FLOW_KEY_ORDER;
  const list = path[path.length - 2];
  if (typeof last === 'number' && (list === 'randomSwitch' || list === 'roundRobinSwitch')) return BRANCH_KEY_ORDER;
  return undefined;
}

/** `obj` with `key` set to `value`, inserted at its place in `order` when new (existing keys keep their place). */
export function withKey<T extends object, K extends keyof T & string>(
  obj: T,
  key: K,
  value: T[K],
  order: readonly string[] = REQUEST_KEY_ORDER,
): T {
  if (key in obj) return { ...obj, [key]: value };
  const rank = order.indexOf(key);
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [k, v] of Object.entries(obj)) {
    const r = order.indexOf(k);
    if (!placed && rank !== -1 && r !== -1 && r > rank) {
      out[key] = value;
      placed = true;
    }
    out[k] = v;
  }
  if (!placed) out[key] = value;
  return out as T;
}
