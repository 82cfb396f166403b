/**
 * designer.tryRequest and designer.validate: the designer's Try it and Validate, run in this process through the
 * engine's trace (the same compile/send/check/extract code as a load test). Environment values (secrets included)
 * are read from the store for the call only and never logged; secret values are masked in what is returned.
 *
 * Try it needs the request, not the whole plan, to be valid: problems elsewhere (another step, a threshold) do
 * not block it (see engine/runtime/trace/try-plan.ts). Validate needs a valid plan, as a run does.
 */
import { PlanError, validatePlanValue } from 'loadsmith/plan';
import { MissingEnvironmentError, planForTry, traceIteration, traceRequest, TraceInputError } from 'loadsmith';
import { ContractError, type Handlers, type WebSocketTraceEntry } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';
import { maskEntry, maskText, maskValue, maskVariables, secretValues } from './mask-secrets.ts';
import { toContractIssue } from './plan-analysis.ts';
import { runFiles } from './run-files.ts';

type RunHandlers = Pick<Handlers, 'designer.tryRequest' | 'designer.validate'>;

/** Each call is bounded (60 s / 120 s, 200 requests); this bounds how many run at once. */
const MAX_CONCURRENT = 4;

export function designerRunHandlers(ctx: ServiceContext): RunHandlers {
  let running = 0;
  const bounded = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= MAX_CONCURRENT)
      throw new ContractError(
        'busy',
        `${MAX_CONCURRENT} Try it / Validate calls are already running: wait for one to finish`,
      );
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  };

  const environment = (
    id: string | undefined,
  ): { name: string | null; values: Record<string, string>; secrets: string[] } => {
    if (id === undefined) return { name: null, values: {}, secrets: [] };
    const e = ctx.store.environments.get(id);
    if (!e) throw new ContractError('not_found', `no environment with id ${id}`);
    const values = ctx.store.environments.values(id);
    return {
      name: e.name,
      values,
      secrets: secretValues(
        values,
        e.variables.filter((v) => v.secret).map((v) => v.name),
      ),
    };
  };

  return {
    'designer.tryRequest': ({ document, path, environmentId, variables }) =>
      bounded(async () => {
        const env = environment(environmentId);
        try {
          const plan = planForTry(document, path);
          const r = await traceRequest(plan, path, {
            env: env.values,
            variables: variables ?? {},
            files: runFiles(ctx),
          });
          return { entry: maskEntry(r.entry, env.secrets), variables: maskVariables(r.variables, env.secrets) };
        } catch (e) {
          throw toContractError(e, 'Try it', env.name);
        }
      }),
    'designer.validate': ({ document, environmentId, scenario }) =>
      bounded(async () => {
        const env = environment(environmentId);
        try {
          const { plan } = validatePlanValue(document);
          const r = await traceIteration(plan, {
            env: env.values,
            files: runFiles(ctx),
            ...(scenario !== undefined ? { scenario } : {}),
          });
          return {
            ...r,
            entries: r.entries.map((e) => maskEntry(e, env.secrets)),
            errors: r.errors.map((x) => ({ ...x, message: maskText(x.message, env.secrets) })),
            // A message may carry a secret as a header does: masked the same way.
            ...('websockets' in r ? { websockets: maskValue(r.websockets, env.secrets) as WebSocketTraceEntry[] } : {}),
            ...(r.setup ? { setup: maskValue(r.setup, env.secrets) as Record<string, unknown> } : {}),
          };
        } catch (e) {
          throw toContractError(e, 'Validate', env.name);
        }
      }),
  };
}

/** Engine errors as the UI shows them; anything else is a bug and stays as it is. */
function toContractError(e: unknown, what: 'Try it' | 'Validate', environment: string | null): unknown {
  if (e instanceof MissingEnvironmentError) {
    const n = e.names.length;
    const why =
      environment === null
        ? 'no environment is selected'
        : `the environment "${environment}" does not define ${n === 1 ? 'it' : 'them'}`;
    return new ContractError(
      'plan_invalid',
      `${what} needs the environment variable${n === 1 ? '' : 's'} ${e.names.join(', ')}, but ${why}`,
      e.issues.map(toContractIssue),
    );
  }
  if (e instanceof PlanError) {
    const n = e.issues.length;
    const many =
      what === 'Try it'
        ? `this request has ${n} problems; fix them first`
        : `the plan has ${n} problems; fix them first`;
    return new ContractError(
      'plan_invalid',
      `${what}: ${n === 1 ? e.issues[0]?.message : many}`,
      e.issues.map(toContractIssue),
    );
  }
  if (e instanceof TraceInputError) return new ContractError('invalid_params', e.message);
  return e;
}
