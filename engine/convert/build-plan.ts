/**
 * Drafts -> a valid plan: secrets to env, the most used origin as `defaults.baseUrl` (overridable with BASE_URL),
 * headers and auth every request shares as defaults, folders as groups, unique request names, one smoke scenario
 * (or what the importer asks for), then the plan validator. A plan the validator refuses is a converter bug.
 */
import { PlanError } from '../plan/errors.ts';
import { validatePlanValue } from '../plan/parse.ts';
import type { Plan, Request, Scenario, Step } from '../plan/schema/index.ts';
import type { DraftRequest, Notes } from './draft.ts';
import { hoistDefaults } from './hoist.ts';
import { protectDraft } from './protect.ts';
import { SecretVault } from './secrets.ts';
import { toRequest } from './to-request.ts';
import { ConvertError } from './types.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A scenario without its steps: the executor and its fields. */
export type ScenarioHead = DistributiveOmit<Scenario, 'steps'>;

/** One VU, one iteration: a smoke run that checks the imported requests work before any load. */
export const SMOKE: ScenarioHead = { executor: 'per-vu-iterations', vus: 1, iterations: 1 };

export interface BuildOptions {
  name: string;
  description?: string;
  notes: Notes;
  /** Absolute base URL to use (OpenAPI servers); default: the most used origin of the drafts. */
  baseUrl?: string;
  variables?: Record<string, unknown>;
  scenario?: ScenarioHead;
  /** Vegeta: each request its own scenario. */
  scenarioPerRequest?: (index: number, count: number) => { name: string; head: ScenarioHead };
}

export function buildPlan(drafts: readonly DraftRequest[], o: BuildOptions): { plan: Plan; env: string[] } {
  if (drafts.length === 0) throw new ConvertError('no requests found to import');
  const vault = new SecretVault(o.notes);
  vault.reserve('BASE_URL');
  const safe = drafts.map((d) => protectDraft(d, vault));
  const origin = o.baseUrl ?? mainOrigin(safe);
  const baseUrl = origin === undefined ? undefined : /^https?:\/\//.test(origin) ? `\${env.BASE_URL:-${origin}}` : origin;
  const requests = uniqueNames(safe.map((d) => toRequest(d, origin, o.notes)));
  const defaults = hoistDefaults(requests);
  const plan: Plan = {
    version: 1,
    name: o.name,
    ...(o.description ? { description: o.description } : {}),
    ...((baseUrl || defaults.headers || defaults.auth) ? {
      defaults: { ...(baseUrl ? { baseUrl } : {}), ...(defaults.headers ? { headers: defaults.headers } : {}), ...(defaults.auth ? { auth: defaults.auth } : {}) },
    } : {}),
    ...(o.variables && Object.keys(o.variables).length > 0 ? { variables: o.variables } : {}),
    scenarios: scenarios(safe, requests, o),
  };
  try {
    const { env } = validatePlanValue(plan);
    return { plan, env: [...new Set(env.map((e) => e.name))] };
  } catch (e) {
    if (e instanceof PlanError) throw new ConvertError(`the converted plan is not valid, which is a Loadsmith bug (please report it with the input):\n${e.message}`);
    throw e;
  }
}

function scenarios(drafts: readonly DraftRequest[], requests: Request[], o: BuildOptions): Plan['scenarios'] {
  if (o.scenarioPerRequest) {
    const out: Plan['scenarios'] = {};
    requests.forEach((r, i) => {
      const { name, head } = o.scenarioPerRequest!(i, requests.length);
      out[name] = { ...head, steps: [{ request: r }] } as Scenario;
    });
    return out;
  }
  return { imported: { ...(o.scenario ?? SMOKE), steps: groupSteps(drafts, requests) } as Scenario };
}

/** Requests in order, nested in groups by their folder path (consecutive requests of a folder share a group). */
function groupSteps(drafts: readonly DraftRequest[], requests: Request[]): Step[] {
  const root: Step[] = [];
  const stack: { name: string; steps: Step[] }[] = [];
  requests.forEach((request, i) => {
    const path = (drafts[i]?.group ?? []).map((g) => g.replaceAll(':', '-').trim() || 'folder');
    let keep = 0;
    while (keep < stack.length && keep < path.length && stack[keep]?.name === path[keep]) keep++;
    stack.length = keep;
    for (const name of path.slice(keep)) {
      const group = { name, steps: [] as Step[] };
      (stack.at(-1)?.steps ?? root).push({ group });
      stack.push(group);
    }
    const think = drafts[i]?.thinkBefore;
    if (think) (stack.at(-1)?.steps ?? root).push({ think });
    (stack.at(-1)?.steps ?? root).push({ request });
  });
  return root;
}

/** The origin (or leading base expression) most requests use; its requests become relative to it. */
function mainOrigin(drafts: readonly DraftRequest[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of drafts) {
    // An origin, or a leading expression such as ${env.BASE_URL:-http://host} or ${baseUrl} (Postman's {{baseUrl}}).
    const m = /^(https?:\/\/[^/?#]+|\$\{[^}]*\})(?=$|[/?])/i.exec(d.url);
    if (m?.[1]) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function uniqueNames(requests: Request[]): Request[] {
  const seen = new Map<string, number>();
  return requests.map((r) => {
    if (r.name === undefined) return r;
    const n = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, n);
    return n === 1 ? r : { ...r, name: `${r.name} (${n})` };
  });
}
