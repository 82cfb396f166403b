/** environments.*: variable sets for ${env.NAME}; secrets are encrypted by the store and never sent back in clear. */
import { ContractError, type Environment, type Handlers } from '../contract/index.ts';
import type { StoredEnvironment } from '../store/types.ts';
import type { ServiceContext } from './context.ts';

type EnvironmentHandlers = Pick<
  Handlers,
  'environments.list' | 'environments.get' | 'environments.save' | 'environments.delete'
>;

export function environmentHandlers({ store }: ServiceContext): EnvironmentHandlers {
  return {
    'environments.list': () => store.environments.list().map(toContract),
    'environments.get': ({ id }) => {
      const e = store.environments.get(id);
      if (!e) throw new ContractError('not_found', `no environment with id ${id}`);
      return toContract(e);
    },
    'environments.save': ({ id, name, variables }) => {
      if (id !== undefined && !store.environments.get(id))
        throw new ContractError('not_found', `no environment with id ${id}`);
      const names = new Set<string>();
      for (const v of variables) {
        if (names.has(v.name)) throw new ContractError('invalid_params', `variable ${v.name} appears twice`);
        names.add(v.name);
      }
      return toContract(store.environments.save({ ...(id ? { id } : {}), name, variables }));
    },
    'environments.delete': ({ id }) => ({ deleted: store.environments.delete(id) }),
  };
}

function toContract(e: StoredEnvironment): Environment {
  return {
    id: e.id,
    name: e.name,
    updatedAt: e.updatedAt,
    variables: e.variables.map((v) => ({
      name: v.name,
      secret: v.secret,
      value: v.secret ? null : v.value,
      hasValue: v.hasValue,
    })),
  };
}
