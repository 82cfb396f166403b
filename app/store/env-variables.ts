/**
 * How an environment's variables are saved: the rules for values left out, and secrets encrypted on the way in.
 *
 * - `secret` left out keeps the variable's stored kind (plain for a new variable).
 * - A secret without `value` keeps its stored ciphertext; a plain variable turned secret keeps its value, encrypted.
 * - A plain variable without `value` keeps its stored plain value; a secret turned plain without a new value
 *   loses it (a secret is never written out in clear unless the user types it again).
 * - Variables not in the list are deleted.
 */
import type { SecretCipher, StoredVariable } from './types.ts';

/** A row of environment_variables. */
export interface VariableRow {
  environment_id: string;
  name: string;
  position: number;
  secret: number;
  value: string | null;
  secret_value: Buffer | null;
  cipher: string | null;
}

/** A variable as given to EnvironmentRepository.save. */
export interface VariableInput {
  name: string;
  secret?: boolean;
  value?: string;
}

/** What the UI may see of a stored variable: secrets never carry their value. */
export function toStoredVariable(r: VariableRow): StoredVariable {
  return r.secret === 1
    ? { name: r.name, secret: true, value: null, hasValue: r.secret_value !== null }
    : { name: r.name, secret: false, value: r.value, hasValue: r.value !== null };
}

/** The rows to write for `inputs`, given the environment's current rows. Throws on an empty or repeated name. */
export function mergeVariables(
  environmentId: string,
  inputs: readonly VariableInput[],
  old: readonly VariableRow[],
  cipher: SecretCipher,
): VariableRow[] {
  const previous = new Map(old.map((r) => [r.name, r]));
  const seen = new Set<string>();
  return inputs.map((v, position): VariableRow => {
    if (v.name === '') throw new Error('an environment variable needs a name');
    if (seen.has(v.name)) throw new Error(`variable ${v.name} appears twice in the environment`);
    seen.add(v.name);
    const before = previous.get(v.name);
    const secret = v.secret ?? before?.secret === 1;
    const row = { environment_id: environmentId, name: v.name, position };
    if (!secret) {
      const value = v.value ?? (before?.secret === 0 ? before.value : null);
      return { ...row, secret: 0, value, secret_value: null, cipher: null };
    }
    if (v.value !== undefined)
      return { ...row, secret: 1, value: null, secret_value: cipher.encrypt(v.value), cipher: cipher.kind };
    if (before?.secret === 1)
      return { ...row, secret: 1, value: null, secret_value: before.secret_value, cipher: before.cipher };
    if (before?.value != null)
      return { ...row, secret: 1, value: null, secret_value: cipher.encrypt(before.value), cipher: cipher.kind };
    return { ...row, secret: 1, value: null, secret_value: null, cipher: null };
  });
}

/** A variable's value in clear; secrets are decrypted, with errors naming the environment and variable. */
export function clearValue(r: VariableRow, environmentName: string, cipher: SecretCipher): string | null {
  if (r.secret === 0) return r.value;
  if (r.secret_value === null) return null;
  const where = `environment "${environmentName}", secret ${r.name}`;
  if (r.cipher !== cipher.kind) {
    throw new Error(
      `${where}: it was encrypted with ${r.cipher ?? 'an unknown cipher'}, but this Loadsmith uses ${cipher.kind}; enter the value again`,
    );
  }
  try {
    return cipher.decrypt(r.secret_value);
  } catch (e) {
    throw new Error(`${where}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
