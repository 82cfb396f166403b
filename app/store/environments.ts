/** Environments on SQLite: a row per environment, its variables in order, secret values encrypted at rest. */
import { randomUUID } from 'node:crypto';
import type { RepoContext } from './context.ts';
import { clearValue, mergeVariables, toStoredVariable, type VariableRow } from './env-variables.ts';
import type { EnvironmentRepository, StoredEnvironment } from './types.ts';

interface EnvironmentRow {
  id: string;
  name: string;
  updated_at: string;
}

/** Environments, listed by name (case-insensitive). Names need not be unique; variable names are, per environment. */
export function environmentRepository({ db, now, cipher }: RepoContext): EnvironmentRepository {
  const selectAll = db.prepare('SELECT id, name, updated_at FROM environments ORDER BY name COLLATE NOCASE, id');
  const selectOne = db.prepare('SELECT id, name, updated_at FROM environments WHERE id = ?');
  const allVariables = db.prepare('SELECT * FROM environment_variables ORDER BY environment_id, position');
  const variablesOf = db.prepare('SELECT * FROM environment_variables WHERE environment_id = ? ORDER BY position');
  const insertEnv = db.prepare(
    'INSERT INTO environments (id, name, created_at, updated_at) VALUES (@id, @name, @at, @at)',
  );
  const updateEnv = db.prepare('UPDATE environments SET name = @name, updated_at = @at WHERE id = @id');
  const clearVariables = db.prepare('DELETE FROM environment_variables WHERE environment_id = ?');
  const insertVariable =
    db.prepare(`INSERT INTO environment_variables (environment_id, name, position, secret, value, secret_value, cipher)
    VALUES (@environment_id, @name, @position, @secret, @value, @secret_value, @cipher)`);
  const deleteEnv = db.prepare('DELETE FROM environments WHERE id = ?');

  const toStored = (e: EnvironmentRow, vars: readonly VariableRow[]): StoredEnvironment => ({
    id: e.id,
    name: e.name,
    updatedAt: e.updated_at,
    variables: vars.map(toStoredVariable),
  });
  const get = (id: string): StoredEnvironment | undefined => {
    const e = selectOne.get(id) as EnvironmentRow | undefined;
    return e && toStored(e, variablesOf.all(id) as VariableRow[]);
  };

  const save = db.transaction((input: Parameters<EnvironmentRepository['save']>[0]): StoredEnvironment => {
    const at = now();
    let id = input.id;
    if (id === undefined) {
      id = randomUUID();
      insertEnv.run({ id, name: input.name, at });
    } else if (updateEnv.run({ id, name: input.name, at }).changes === 0) {
      throw new Error(`no environment with id ${id}`);
    }
    const rows = mergeVariables(id, input.variables, variablesOf.all(id) as VariableRow[], cipher);
    clearVariables.run(id);
    for (const row of rows) insertVariable.run(row);
    const saved = get(id);
    if (!saved) throw new Error(`environment ${id} vanished while being saved`);
    return saved;
  });

  return {
    list: () => {
      const byEnv = Map.groupBy(allVariables.all() as VariableRow[], (r) => r.environment_id);
      return (selectAll.all() as EnvironmentRow[]).map((e) => toStored(e, byEnv.get(e.id) ?? []));
    },
    get,
    save: (input) => save.immediate(input),
    delete: (id) => deleteEnv.run(id).changes > 0,
    values: (id) => {
      const e = selectOne.get(id) as EnvironmentRow | undefined;
      if (!e) throw new Error(`no environment with id ${id}`);
      const entries: [string, string][] = [];
      for (const r of variablesOf.all(id) as VariableRow[]) {
        const value = clearValue(r, e.name, cipher);
        if (value !== null) entries.push([r.name, value]);
      }
      return Object.fromEntries(entries); // own properties, even for a variable named __proto__
    },
  };
}
