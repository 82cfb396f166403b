/**
 * Extractions (plans/README.md, engine/plan/schema/extract.ts): variable name -> extractor of one of five kinds,
 * each with an optional `default`. Pure: tested beside it.
 */
import { RESERVED_NAMES, VARIABLE_PATTERN, type Extractor } from 'loadsmith/plan';
import { objectOf, type Draft, type ExtractorDraft } from '../../core/doc/index.ts';

export type ExtractKind = 'jsonPath' | 'header' | 'regex' | 'boundary' | 'cookie';

export const EXTRACT_KINDS: readonly { kind: ExtractKind; label: string; create(): Extractor }[] = [
  { kind: 'jsonPath', label: 'JSON path', create: () => ({ jsonPath: '$.id' }) },
  { kind: 'header', label: 'Header', create: () => ({ header: 'Location' }) },
  { kind: 'regex', label: 'Regular expression', create: () => ({ regex: 'id=(\\w+)' }) },
  { kind: 'boundary', label: 'Text between', create: () => ({ boundary: { left: 'id=', right: '&' } }) },
  { kind: 'cookie', label: 'Cookie', create: () => ({ cookie: 'session' }) },
];

/** The kind of an extractor (by its key). */
export function extractKind(extractor: Draft<Extractor> | undefined): ExtractKind | undefined {
  const e = objectOf(extractor);
  return e && EXTRACT_KINDS.find(({ kind }) => kind in e)?.kind;
}

/** The extractor as another kind; its `default` is kept (it does not depend on the kind). */
export function switchExtractor(extractor: Draft<Extractor> | undefined, kind: ExtractKind): ExtractorDraft {
  const fresh = EXTRACT_KINDS.find((k) => k.kind === kind)?.create() ?? {};
  const old = objectOf(extractor)?.default;
  return old !== undefined ? { ...fresh, default: old } : fresh;
}

/** A variable name not used yet: `base`, `base2`, `base3`... */
export function uniqueName(taken: readonly string[], base = 'value'): string {
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base}${n}`)) n++;
  return `${base}${n}`;
}

const NAME = new RegExp(VARIABLE_PATTERN);

/** Why `name` cannot be the new name of variable `current`, or undefined when it can. */
export function variableNameProblem(name: string, taken: readonly string[], current?: string): string | undefined {
  if (name === '') return 'write a variable name';
  if (!NAME.test(name)) return 'variable names start with a letter or _ and contain letters, digits and _';
  if ((RESERVED_NAMES as readonly string[]).includes(name))
    return `'${name}' is reserved (${RESERVED_NAMES.join(', ')})`;
  if (name !== current && taken.includes(name)) return `this request already extracts '${name}'`;
  return undefined;
}
