/**
 * Checks as the editor sees them (plans/README.md, engine/plan/schema/checks.ts): five kinds, each a key plus
 * conditions ("operators"). Header and jsonPath checks hold their operators beside the key; body and duration
 * checks inside it. Pure: tested beside it.
 */
import { checkName } from '../../../../../engine/plan/names.ts';
import type { Check } from '../../../../../engine/plan/schema/index.ts';

export type CheckKind = 'status' | 'header' | 'jsonPath' | 'body' | 'duration';
export type OpType = 'boolean' | 'template' | 'regex' | 'any' | 'number' | 'int' | 'duration';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The kinds, with their label and the lower-case noun used in sentences ("Add JSON path check"). */
export const CHECK_KINDS: readonly { kind: CheckKind; label: string; noun: string; create(): Rec }[] = [
  { kind: 'status', label: 'Status', noun: 'status', create: () => ({ status: 200 }) },
  { kind: 'header', label: 'Header', noun: 'header', create: () => ({ header: 'Content-Type', contains: 'json' }) },
  { kind: 'jsonPath', label: 'JSON path', noun: 'JSON path', create: () => ({ jsonPath: '$.id', exists: true }) },
  { kind: 'body', label: 'Body', noun: 'body', create: () => ({ body: { contains: '' } }) },
  { kind: 'duration', label: 'Duration', noun: 'duration', create: () => ({ duration: { lt: '500ms' } }) },
];

/** The operators of each kind, in the reference's order, with the type of their value. */
export const CHECK_OPS: Record<Exclude<CheckKind, 'status'>, readonly { op: string; label: string; type: OpType }[]> = {
  header: [
    { op: 'exists', label: 'exists', type: 'boolean' }, { op: 'equals', label: 'equals', type: 'template' },
    { op: 'contains', label: 'contains', type: 'template' }, { op: 'matches', label: 'matches regex', type: 'regex' },
  ],
  jsonPath: [
    { op: 'exists', label: 'exists', type: 'boolean' }, { op: 'equals', label: 'equals', type: 'any' },
    { op: 'notEquals', label: 'does not equal', type: 'any' }, { op: 'gt', label: 'greater than', type: 'number' },
    { op: 'gte', label: 'at least', type: 'number' }, { op: 'lt', label: 'less than', type: 'number' }, { op: 'lte', label: 'at most', type: 'number' },
    { op: 'contains', label: 'contains', type: 'any' }, { op: 'matches', label: 'matches regex', type: 'regex' },
    { op: 'length', label: 'has length', type: 'int' },
  ],
  body: [
    { op: 'contains', label: 'contains', type: 'template' }, { op: 'notContains', label: 'does not contain', type: 'template' },
    { op: 'matches', label: 'matches regex', type: 'regex' }, { op: 'equals', label: 'equals', type: 'template' },
  ],
  duration: [{ op: 'lt', label: 'less than', type: 'duration' }, { op: 'lte', label: 'at most', type: 'duration' }],
};

/** The kind of a check (by its key), or undefined for something the editor cannot show. */
export function checkKind(c: unknown): CheckKind | undefined {
  if (!isRec(c)) return undefined;
  return (['status', 'header', 'jsonPath', 'body', 'duration'] as const).find((k) => k in c);
}

/** Where a check's operators live, relative to the check: beside the key or inside it. */
export const opsBase = (kind: Exclude<CheckKind, 'status'>): string[] => (kind === 'body' || kind === 'duration' ? [kind] : []);

/** The value a newly added operator starts with. */
export function defaultOpValue(type: OpType): unknown {
  return { boolean: true, template: '', regex: '.+', any: '', number: 0, int: 0, duration: '500ms' }[type];
}

/** `obj` with operator `from` replaced by `to` (same position), holding `value`. */
export function replaceOp(obj: Rec, from: string, to: string, value: unknown): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === from) out[to] = value;
    else if (k !== to) out[k] = v;
  }
  return out;
}

/** The label the summary shows for a check (its name, else derived); empty while the check is incomplete. */
export function derivedCheckName(c: unknown): string {
  try {
    return checkName({ ...(c as Rec), name: undefined } as Check);
  } catch {
    return '';
  }
}

export type StatusMode = 'code' | 'list' | 'range' | 'class';

/** How a status check's value is written. */
export function statusMode(v: unknown): StatusMode {
  if (Array.isArray(v)) return 'list';
  if (isRec(v)) return 'range';
  if (typeof v === 'string') return 'class';
  return 'code';
}

/** A status value of another mode, keeping the code the user already had. */
export function convertStatus(v: unknown, mode: StatusMode): unknown {
  const first = typeof v === 'number' ? v : Array.isArray(v) && typeof v[0] === 'number' ? v[0]
    : isRec(v) && typeof v.min === 'number' ? v.min : typeof v === 'string' ? Number(v[0] ?? 2) * 100 : 200;
  switch (mode) {
    case 'code': return first;
    case 'list': return [first];
    case 'range': return { min: Math.floor(first / 100) * 100, max: Math.floor(first / 100) * 100 + 99 };
    case 'class': return `${Math.floor(first / 100)}xx`;
  }
}
