/**
 * An environment being edited, and what is sent on save. Secrets are never shown: a stored secret is kept
 * (sent without a value) unless the user replaces it, and the UI never holds its value at all.
 */
import type { Environment, EnvVariable } from '../../../app/contract/environments.ts';
import type { Params } from '../../../app/contract/index.ts';

export interface VariableDraft {
  /** Stable React key for the row. */
  key: string;
  name: string;
  secret: boolean;
  /** Plain variables: the value. Secrets: the replacement being typed (empty when not replacing). */
  value: string;
  /** Name as stored, when the variable exists on the back end. */
  storedName: string | null;
  /** The back end holds a secret value for this variable. */
  storedSecret: boolean;
  /** The user chose to type a new secret value. */
  replacing: boolean;
}

export interface EnvironmentDraft {
  id: string | undefined;
  name: string;
  variables: VariableDraft[];
}

let nextKey = 1;
const newKey = (): string => `v${nextKey++}`;

/** The draft for a stored environment, or an empty one for "New environment". */
export function toDraft(env: Environment | null): EnvironmentDraft {
  if (!env) return { id: undefined, name: '', variables: [] };
  return { id: env.id, name: env.name, variables: env.variables.map(variableDraft) };
}

function variableDraft(v: EnvVariable): VariableDraft {
  return {
    key: newKey(),
    name: v.name,
    secret: v.secret,
    value: v.secret ? '' : (v.value ?? ''),
    storedName: v.name,
    storedSecret: v.secret && v.hasValue,
    replacing: false,
  };
}

/** A new, empty row. */
export function emptyVariable(): VariableDraft {
  return { key: newKey(), name: '', secret: false, value: '', storedName: null, storedSecret: false, replacing: false };
}

/**
 * Toggles "secret". Making a stored secret plain would need its value in clear, which the UI never has:
 * the row switches to "replacing" with an empty value, so the user types the plain value.
 */
export function withSecret(v: VariableDraft, secret: boolean): VariableDraft {
  if (!secret && v.storedSecret) return { ...v, secret, replacing: true, value: '' };
  return { ...v, secret };
}

/** True when the row shows "●●●● (set)" instead of an input. */
export function showsStoredSecret(v: VariableDraft): boolean {
  return v.secret && v.storedSecret && !v.replacing;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Problems that would make the save fail or lose data, written for the user; empty when the draft can be saved. */
export function validateDraft(d: EnvironmentDraft): string[] {
  const problems: string[] = [];
  if (!d.name.trim()) problems.push('Give the environment a name.');
  const seen = new Set<string>();
  d.variables.forEach((v, i) => {
    const label = v.name || `row ${i + 1}`;
    if (!v.name) problems.push(`Variable in row ${i + 1} has no name.`);
    else if (!NAME.test(v.name))
      problems.push(`${v.name}: variable names use letters, digits and _ (not starting with a digit).`);
    else if (seen.has(v.name)) problems.push(`${v.name} appears twice.`);
    seen.add(v.name);
    // A kept secret is matched by name on the back end; under a new name it would arrive without a value.
    if (v.secret && v.storedSecret && v.value === '' && v.name !== v.storedName) {
      problems.push(`${label}: a renamed secret needs its value again — use “Replace” and type it.`);
    }
  });
  return problems;
}

/**
 * The `environments.save` parameters for a draft (assumes validateDraft found nothing). A secret without a typed
 * value is sent without one, which keeps what is stored (a value, or none).
 */
export function toSaveParams(d: EnvironmentDraft): Params<'environments.save'> {
  return {
    ...(d.id ? { id: d.id } : {}),
    name: d.name.trim(),
    variables: d.variables.map((v) =>
      v.secret && (showsStoredSecret(v) || v.value === '')
        ? { name: v.name, secret: true }
        : { name: v.name, secret: v.secret, value: v.value },
    ),
  };
}
