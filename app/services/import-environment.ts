/**
 * "Create an environment with these variables" after an import: one variable per name the plan reads, secrets
 * marked secret, values from the Postman environment file when it had them, blank otherwise (the plan's own
 * defaults, such as BASE_URL's, then still apply until the user fills them in).
 */
import type { Store } from '../store/types.ts';
import type { ConvertedImport } from './plan-import.ts';

export function createImportEnvironment(store: Store, name: string, c: ConvertedImport): { id: string; name: string } {
  const variables = c.variables.map((v) => {
    const value = c.values.get(v.name);
    return { name: v.name, secret: v.secret, ...(value !== undefined ? { value } : {}) };
  });
  const saved = store.environments.save({ name, variables });
  return { id: saved.id, name: saved.name };
}
