/**
 * The environment variables an imported plan reads, as the import report lists them: which are secrets (moved out
 * of the source), the default the plan has, and the value a Postman environment file gives (secret values are
 * kept for a new environment, never sent back to the UI).
 */
import { envName, isSecretName } from 'loadsmith/convert';
import { validatePlanValue, type Plan } from 'loadsmith/plan';
import type { ConvertNote, ImportVariable } from '../contract/index.ts';

export type KnownValues = Map<string, string>;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function importVariables(
  plan: Plan,
  converterEnv: readonly string[],
  notes: readonly ConvertNote[],
  postmanEnvironment: string | undefined,
): { variables: ImportVariable[]; values: KnownValues } {
  const names = [...new Set([...converterEnv, ...planEnvNames(plan)])].filter((n) => ENV_NAME.test(n));
  const moved = new Set(
    notes
      .filter((n) => n.kind === 'secret')
      .flatMap((n) => [...n.message.matchAll(/\$\{env\.([A-Za-z_]\w*)\}/g)].map((m) => m[1] as string)),
  );
  const postman = postmanValues(postmanEnvironment);
  const defaults = planDefaults(plan);
  const values: KnownValues = new Map();
  const variables = names.map((name): ImportVariable => {
    const known = postman.get(name);
    const secret = moved.has(name) || known?.secret === true || isSecretName(name);
    if (known !== undefined) values.set(name, known.value);
    return {
      name,
      secret,
      value: secret ? null : (known?.value ?? null),
      hasValue: known !== undefined,
      planDefault: defaults.get(name) ?? null,
    };
  });
  return { variables, values };
}

function planEnvNames(plan: Plan): string[] {
  try {
    return validatePlanValue(plan).env.map((r) => r.name);
  } catch {
    return []; // an invalid plan is reported by its issues; its variables are the converter's list
  }
}

/** `${env.NAME:-default}` anywhere in the plan: the first default of each name. */
function planDefaults(plan: Plan): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\$\{env\.([A-Za-z_]\w*):-([^}]*)\}/g))
        if (!out.has(m[1] as string)) out.set(m[1] as string, m[2] as string);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(plan);
  return out;
}

/** A Postman environment file's enabled values by the env name the converter gives them. */
function postmanValues(text: string | undefined): Map<string, { value: string; secret: boolean }> {
  const out = new Map<string, { value: string; secret: boolean }>();
  if (text === undefined) return out;
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return out; // the converter has already refused a malformed file
  }
  const list =
    typeof doc === 'object' && doc !== null && 'values' in doc && Array.isArray(doc.values)
      ? (doc.values as unknown[])
      : [];
  for (const v of list) {
    if (typeof v !== 'object' || v === null) continue;
    const { key, value, type, enabled } = v as Record<string, unknown>;
    if (typeof key !== 'string' || enabled === false || value === undefined || value === null) continue;
    out.set(envName(key), {
      value: typeof value === 'string' ? value : JSON.stringify(value),
      secret: type === 'secret' || isSecretName(key),
    });
  }
  return out;
}
