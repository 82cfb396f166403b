/**
 * Names users see in results: a request's name (its `name`, else METHOD and the URL as written, so that
 * `/users/${id}` stays one name instead of one per id) and a check's label (its `name`, else derived).
 */
import { formatDuration, parseDuration } from '../base/duration.ts';
import type { Check, Request } from './schema/index.ts';

export function requestName(r: Request): string {
  return r.name ?? `${r.method ?? 'GET'} ${r.url}`;
}

const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)));

export function checkName(c: Check): string {
  if (c.name) return c.name;
  if ('status' in c) {
    const s = c.status;
    if (typeof s === 'number') return `status is ${s}`;
    if (typeof s === 'string') return `status is ${s}`;
    if (Array.isArray(s)) return `status is ${s.join(' or ')}`;
    return `status in ${s.min}-${s.max}`;
  }
  if ('header' in c) {
    const parts = ops(c as Record<string, unknown>, ['equals', 'contains', 'matches']);
    if (c.exists === false) parts.unshift('is absent');
    return `header ${c.header} ${parts.length ? parts.join(' and ') : 'exists'}`;
  }
  if ('jsonPath' in c) {
    const parts = ops(c as Record<string, unknown>, [
      'equals',
      'notEquals',
      'gt',
      'gte',
      'lt',
      'lte',
      'contains',
      'matches',
      'length',
    ]);
    if (c.exists === false) parts.unshift('is absent');
    return `${c.jsonPath} ${parts.length ? parts.join(' and ') : 'exists'}`;
  }
  if ('body' in c) {
    return `body ${ops(c.body as Record<string, unknown>, ['contains', 'notContains', 'matches', 'equals']).join(' and ') || 'is present'}`;
  }
  const parts = [
    ['<', c.duration.lt],
    ['<=', c.duration.lte],
  ]
    .filter(([, v]) => v !== undefined)
    .map(([op, v]) => `${op} ${formatDuration(parseDuration(v as string) ?? 0)}`);
  return `duration ${parts.join(' and ')}`;
}

const OP_WORDS: Record<string, string> = {
  equals: '==',
  notEquals: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  contains: 'contains',
  notContains: 'does not contain',
  matches: 'matches',
  length: 'has length',
};

function ops(c: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys
    .filter((k) => c[k] !== undefined)
    .map((k) => (k === 'matches' ? `matches /${String(c[k])}/` : `${OP_WORDS[k]} ${show(c[k])}`));
}
