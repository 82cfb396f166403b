/**
 * A plan as YAML people can read and diff: keys in the order of the plan reference (the same every time), small
 * maps and lists on one line (`checks: [{ status: 200 }]`), long strings never folded, and a header comment.
 */
import { Document, isMap, isScalar, isSeq, visit, type Node } from 'yaml';
import type { Plan } from '../plan/schema/index.ts';

const ORDER = [
  // plan, defaults, scenarios
  'version',
  'type',
  'name',
  'description',
  'defaults',
  'baseUrl',
  'variables',
  'data',
  'scenarios',
  'executor',
  'vus',
  'startVUs',
  'rate',
  'startRate',
  'timeUnit',
  'duration',
  'iterations',
  'stages',
  'preAllocatedVUs',
  'maxVUs',
  'maxDuration',
  'gracefulRampDown',
  'startTime',
  'gracefulStop',
  // request
  'method',
  'url',
  'query',
  'headers',
  'auth',
  'json',
  'form',
  'text',
  'file',
  'timeout',
  'maxRedirects',
  'http',
  'expectedStatuses',
  'checks',
  'extract',
  'tags',
  'steps',
  'thresholds',
  // auth
  'scheme',
  'token',
  'username',
  'password',
  'value',
  'in',
];
const RANK = new Map(ORDER.map((k, i) => [k, i]));
/** Maps whose keys are the user's (headers, query, json bodies...): their order is kept as written. */
const FREE_KEYS = new Set([
  'headers',
  'query',
  'json',
  'form',
  'variables',
  'extract',
  'thresholds',
  'tags',
  'scenarios',
  'data',
]);

export function planToYaml(plan: Plan, header: readonly string[] = []): string {
  const doc = new Document(sortKeys(plan, ''));
  visit(doc, {
    Map: (_key, node) => {
      if (fitsOnALine(node)) node.flow = true;
    },
    Seq: (_key, node) => {
      if (fitsOnALine(node)) node.flow = true;
    },
  });
  if (header.length > 0) doc.commentBefore = header.map((l) => ` ${l}`).join('\n');
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

function sortKeys(value: unknown, parentKey: string): unknown {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const free = FREE_KEYS.has(parentKey) || parentKey === '#data';
  if (!free) entries.sort(([a], [b]) => (RANK.get(a) ?? 999) - (RANK.get(b) ?? 999));
  // A json body or a variable's value is the user's data: keep its inner order too.
  const keepInner = parentKey === 'json' || parentKey === 'variables' || parentKey === '#data';
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v, keepInner ? '#data' : k)]));
}

/** Scalars only, few of them, short: `{ status: 200 }`, `[200, 201]`, `{ duration: 3s, target: 10 }`. */
function fitsOnALine(node: Node): boolean {
  const items = isMap(node) ? node.items.flatMap((p) => [p.key, p.value]) : isSeq(node) ? node.items : [];
  if (items.length === 0 || items.length > 8) return items.length === 0;
  let width = 0;
  for (const item of items) {
    if (isScalar(item)) {
      width += String(item.value).length + 4;
      continue;
    }
    if ((isMap(item) || isSeq(item)) && isSeq(node) && fitsOnALine(item as Node)) {
      width += 40;
      continue;
    }
    return false;
  }
  return width <= 72;
}
