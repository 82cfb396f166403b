/**
 * Checks as the editor sees them (plans/README.md, engine/plan/schema/checks.ts): five kinds, each a key plus
 * conditions ("operators"). Header and jsonPath checks hold their operators beside the key; body and duration
 * checks inside it. Pure: tested beside it.
 */
import { checkName, type Check } from 'loadsmith/plan';
import { listOf, objectOf, type CheckDraft, type Draft } from '../../core/doc/index.ts';

export type CheckKind = 'status' | 'header' | 'jsonPath' | 'body' | 'duration';
export type OpType = 'boolean' | 'template' | 'regex' | 'any' | 'number' | 'int' | 'duration';

/** The kinds, with their label and the lower-case noun used in sentences ("Add JSON path check"). */
export const CHECK_KINDS: readonly { kind: CheckKind; label: string; noun: string; create(): Check }[] = [
  { kind: 'status', label: 'Status', noun: 'status', create: () => ({ status: 200 }) },
  { kind: 'header', label: 'Header', noun: 'header', create: () => ({ header: 'Content-Type', contains: 'json' }) },
  { kind: 'jsonPath', label: 'JSON path', noun: 'JSON path', create: () => ({ jsonPath: '$.id', exists: true }) },
  { kind: 'body', label: 'Body', noun: 'body', create: () => ({ body: { contains: '' } }) },
  { kind: 'duration', label: 'Duration', noun: 'duration', create: () => ({ duration: { lt: '500ms' } }) },
];

/** The operators of each kind, in the reference's order, with the type of their value. */
export const CHECK_OPS: Record<Exclude<CheckKind, 'status'>, readonly { op: string; label: string; type: OpType }[]> = {
  header: [
    { op: 'exists', label: 'exists', type: 'boolean' },
    { op: 'equals', label: 'equals', type: 'template' },
    { op: 'contains', label: 'contains', type: 'template' },
    { op: 'matches', label: 'matches regex', type: 'regex' },
  ],
  jsonPath: [
    { op: 'exists', label: 'exists', type: 'boolean' },
    { op: 'equals', label: 'equals', type: 'any' },
    { op: 'notEquals', label: 'does not equal', type: 'any' },
    { op: 'gt', label: 'greater than', type: 'number' },
    { op: 'gte', label: 'at least', type: 'number' },
    { op: 'lt', label: 'less than', type: 'number' },
    { op: 'lte', label: 'at most', type: 'number' },
    { op: 'contains', label: 'contains', type: 'any' },
    { op: 'matches', label: 'matches regex', type: 'regex' },
    { op: 'length', label: 'has length', type: 'int' },
  ],
  body: [
    { op: 'contains', label: 'contains', type: 'template' },
    { op: 'notContains', label: 'does not contain', type: 'template' },
    { op: 'matches', label: 'matches regex', type: 'regex' },
    { op: 'equals', label: 'equals', type: 'template' },
  ],
  duration: [
    { op: 'lt', label: 'less than', type: 'duration' },
    { op: 'lte', label: 'at most', type: 'duration' },
  ],
};

/** The kind of a check (by its key), or undefined for something the editor cannot show. */
export function checkKind(check: Draft<Check> | undefined): CheckKind | undefined {
  const c = objectOf(check);
  if (!c) return undefined;
  return (['status', 'header', 'jsonPath', 'body', 'duration'] as const).find((k) => k in c);
}

/** Where a check's operators live, relative to the check: beside the key or inside it. */
export const opsBase = (kind: Exclude<CheckKind, 'status'>): string[] =>
  kind === 'body' || kind === 'duration' ? [kind] : [];

/** The value a newly added operator starts with. */
export function defaultOpValue(type: OpType): unknown {
  return { boolean: true, template: '', regex: '.+', any: '', number: 0, int: 0, duration: '500ms' }[type];
}

/** The conditions `obj` (a check, or a body or duration check's inside) with operator `from` replaced by `to` (same position), holding `value`. */
export function replaceOp<T extends object>(obj: T, from: string, to: string, value: unknown): T {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) => (k === from ? [[to, value]] : k === to ? [] : [[k, v]])),
  ) as T;
}

/** The label the summary shows for a check (its name, else derived); empty while the check is incomplete. */
export function derivedCheckName(check: Draft<Check> | undefined): string {
  const c = objectOf(check);
  if (!c) return '';
  try {
    // A draft may miss what checkName reads: it throws, and the check has no derived name yet.
    return checkName({ ...c, name: undefined } as Check);
  } catch {
    return '';
  }
}

export type StatusMode = 'code' | 'list' | 'range' | 'class';

/** How a status check's value is written. */
export function statusMode(v: CheckDraft['status']): StatusMode {
  if (Array.isArray(v)) return 'list';
  if (objectOf(v)) return 'range';
  if (typeof v === 'string') return 'class';
  return 'code';
}

/** A status value of another mode, keeping the code the user already had. */
export function convertStatus(
  v: CheckDraft['status'],
  mode: StatusMode,
): Extract<Check, { status: unknown }>['status'] {
  const list = listOf(v);
  const range = objectOf(v);
  const first =
    typeof v === 'number'
      ? v
      : typeof list[0] === 'number'
        ? list[0]
        : typeof range?.min === 'number'
          ? range.min
          : typeof v === 'string'
            ? Number(v[0] ?? 2) * 100
            : 200;
  switch (mode) {
    case 'code':
      return first;
    case 'list':
      return [first];
    case 'range':
      return { min: Math.floor(first / 100) * 100, max: Math.floor(first / 100) * 100 + 99 };
    case 'class':
      return `${Math.floor(first / 100)}xx`;
  }
}
