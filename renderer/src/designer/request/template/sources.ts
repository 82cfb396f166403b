/** The names a template may use in a plan, as completions: variables, builtins, env, data columns, functions. */
import { BUILTIN_NAMES, TEMPLATE_FUNCTIONS } from 'loadsmith/template';
import type { Doc } from '../../core/doc-path.ts';
import { entriesOf, objectOf, planOf, textOf } from '../../core/doc/index.ts';
import type { Completion } from './completions.ts';

export interface CompletionSources {
  /** Plan variables and extracted values (core/steps.ts knownVariables). */
  variables: readonly string[];
  /** Names of the selected environment and `${env.X}` already used in the plan. */
  envNames: readonly string[];
  /** Data feeders by name, with their columns when known. */
  data: Readonly<Record<string, readonly string[] | undefined>>;
}

const BUILTIN_DETAIL: Record<string, string> = {
  vu: 'VU number, from 1',
  iter: 'iteration, from 0',
  scenario: 'scenario name',
};

/** Every completion for these sources, in the order they are offered. */
export function templateCompletions(s: CompletionSources): Completion[] {
  const out: Completion[] = s.variables.map((v) => ({ label: v, kind: 'variable', detail: 'variable' }));
  for (const b of BUILTIN_NAMES) out.push({ label: b, kind: 'builtin', detail: BUILTIN_DETAIL[b] ?? 'builtin' });
  for (const e of [...new Set(s.envNames)].sort()) out.push({ label: `env.${e}`, kind: 'env', detail: 'environment' });
  for (const [feeder, columns] of Object.entries(s.data)) {
    if (columns === undefined || columns.length === 0)
      out.push({ label: `data.${feeder}.`, kind: 'data', detail: 'data file', partial: true });
    else
      for (const c of columns) out.push({ label: `data.${feeder}.${c}`, kind: 'data', detail: `column of ${feeder}` });
  }
  for (const f of TEMPLATE_FUNCTIONS)
    out.push({
      label: f.name,
      kind: 'function',
      params: f.params,
      detail: `${f.name}(${f.params}) — ${f.description}`,
    });
  return out;
}

const ENV_REF = /\$\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)/g;

/** `env.X` names the document already uses, so they complete even without a selected environment. */
export function envNamesInDoc(doc: Doc): string[] {
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(ENV_REF)) names.add(m[1] as string);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(doc);
  return [...names];
}

/** The data feeders of the plan and their files: `data: { users: { file } }`. */
export function dataFeeders(doc: Doc): Record<string, string | undefined> {
  return Object.fromEntries(entriesOf(planOf(doc).data).map(([name, f]) => [name, textOf(objectOf(f)?.file)]));
}
