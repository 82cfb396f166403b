/**
 * zod issues -> user-facing plan issues. zod's own wording ("Invalid input") is replaced by what is expected
 * and what was found; unions report the branch the user evidently meant (the one whose kind key is present).
 */
import type { z } from 'zod';
import { quote, type LocatableIssue } from './errors.ts';
import { allowedKeysAt, planJsonSchema } from './json-schema.ts';
import type { PathSegment } from './path.ts';
import { didYouMean } from '../base/suggest.ts';

type ZodIssue = z.core.$ZodIssue;

export function planIssuesFromZod(issues: readonly ZodIssue[], doc: unknown): LocatableIssue[] {
  const out: LocatableIssue[] = [];
  for (const issue of issues) collect(issue, [], doc, out);
  return out;
}

function collect(issue: ZodIssue, base: PathSegment[], doc: unknown, out: LocatableIssue[]): void {
  const path = [...base, ...(issue.path as PathSegment[])];
  const input = valueAt(doc, path);
  switch (issue.code) {
    case 'invalid_union': {
      if (issue.errors.length === 0) {
        const d = issue as { discriminator?: string; options?: unknown[] };
        const options = (d.options ?? []).map(String);
        const got = input;
        out.push({
          path,
          message:
            got === undefined
              ? `is required: one of ${options.join(', ')}`
              : `unknown ${d.discriminator ?? 'value'} ${describe(got)}: expected one of ${options.join(', ')}${typeof got === 'string' ? didYouMean(got, options) : ''}`,
        });
        return;
      }
      const branch = pickBranch(issue.errors as ZodIssue[][], input);
      if (branch) {
        for (const i of branch) collect(i, path, doc, out);
        return;
      }
      out.push({ path, message: unionMessage(issue.errors as ZodIssue[][], input) });
      return;
    }
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(planJsonSchema(), doc, path);
      for (const key of issue.keys) {
        const hint = didYouMean(key, allowed);
        out.push({
          path: [...path, key],
          atKey: true,
          message: `unknown key ${quote(key)}${hint || (allowed.length ? `; allowed here: ${allowed.join(', ')}` : '')}`,
        });
      }
      return;
    }
    case 'invalid_key':
      out.push({
        path,
        atKey: true,
        message: `invalid name ${quote(String(path[path.length - 1]))}: ${issue.issues.map((i) => i.message).join('; ')}`,
      });
      return;
    case 'invalid_element':
      for (const i of issue.issues) collect(i, path, doc, out);
      return;
    default:
      out.push({ path, message: leafMessage(issue, input) });
  }
}

/** The branch the user meant: the one with the fewest problems at the union's own level (missing kind key, unknown keys). */
function pickBranch(branches: ZodIssue[][], input: unknown): ZodIssue[] | undefined {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  let best: ZodIssue[] | undefined;
  let bestScore = Infinity;
  let missingEverywhere = true;
  // A missing key shows up as invalid_type, or as invalid_union when the key's own schema is a union.
  const missing = (i: ZodIssue): boolean =>
    i.path.length === 1 &&
    (i.code === 'invalid_type' || i.code === 'invalid_union') &&
    valueAt(input, i.path as PathSegment[]) === undefined;
  for (const b of branches) {
    const shallow = b.filter((i) => i.path.length === 0 || missing(i));
    const missesKind = b.some(missing);
    if (!missesKind) missingEverywhere = false;
    if (shallow.length < bestScore) {
      best = b;
      bestScore = shallow.length;
    }
  }
  return missingEverywhere ? undefined : best;
}

function unionMessage(branches: ZodIssue[][], input: unknown): string {
  const kinds = branches
    .map(
      (b) => b.find((i) => i.path.length === 1 && (i.code === 'invalid_type' || i.code === 'invalid_union'))?.path[0],
    )
    .filter((k) => k !== undefined)
    .map(String);
  if (input !== null && typeof input === 'object' && !Array.isArray(input) && kinds.length > 0) {
    const keys = Object.keys(input);
    const unknown = keys.find((k) => !kinds.includes(k) && k !== 'name');
    return `expected exactly one of ${kinds.join(', ')}${unknown ? `, found ${quote(unknown)}${didYouMean(unknown, kinds)}` : ''}`;
  }
  // Scalar input (think: 5): say what each alternative expects.
  const wants = [
    ...new Set(
      branches
        .map((b) => b.find((i) => i.path.length === 0))
        .filter((i) => i !== undefined)
        .map((i) => expectation(i)),
    ),
  ];
  return wants.length > 0
    ? `expected ${wants.join(', or ')}; got ${describe(input)}`
    : `not valid here: got ${describe(input)}`;
}

function expectation(i: ZodIssue): string {
  const custom = !/^(Invalid|Too (big|small)|Expected)/.test(i.message);
  if (custom) return i.message.replace(/^expected /, '');
  return i.code === 'invalid_type' ? article(i.expected) : i.message;
}

function leafMessage(issue: ZodIssue, input: unknown): string {
  const custom = !/^(Invalid|Too (big|small)|Expected)/.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'is required';
      return `${custom ? issue.message : `expected ${article(issue.expected)}`}, got ${describe(input)}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => String(v)).join(', ')}`}, got ${describe(input)}${typeof input === 'string' ? didYouMean(input, issue.values.map(String)) : ''}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
        : issue.origin === 'string'
          ? Number(issue.minimum) === 1
            ? 'must not be empty'
            : `must be at least ${issue.minimum} characters`
          : `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}, got ${describe(input)}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `allows at most ${issue.maximum} items`
        : issue.origin === 'string'
          ? `must be at most ${issue.maximum} characters`
          : `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}, got ${describe(input)}`;
    case 'invalid_format':
      return custom ? `${issue.message}, got ${describe(input)}` : `${describe(input)} is not a valid ${issue.format}`;
    default:
      return custom ? issue.message : `${issue.message} (got ${describe(input)})`;
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    int: 'an integer',
    object: 'a mapping (key: value)',
    array: 'a list',
    string: 'a string',
    number: 'a number',
    boolean: 'true or false',
  };
  return names[expected] ?? expected;
}

export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number') return Number.isInteger(v) ? `the number ${v}` : `the number ${v}`;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'a list';
  return 'a mapping';
}

export function valueAt(doc: unknown, path: readonly PathSegment[]): unknown {
  let v = doc;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}
