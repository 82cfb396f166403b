/**
 * Drafts -> a valid plan: secrets to env, the most used origin as `defaults.baseUrl` (overridable with BASE_URL),
 * headers and auth every request shares as defaults, folders as groups, unique request names, one smoke scenario
 * (or what the importer asks for), then the plan validator. A plan the validator refuses is a converter bug.
 */
import { PlanError } from '../plan/errors.ts';
import { validatePlanValue } from '../plan/parse.ts';
import type { Plan, Request, Scenario, Step } from '../plan/schema/index.ts';
import type { DraftRequest, Notes } from './draft.ts';
import { MAX_JSON_DEPTH } from './classify-body.ts';
import { hoistDefaults } from './hoist.ts';
import { noteLocalFiles } from './local-files.ts';
import { protectDraft, urlUserinfo } from './protect.ts';
import { jsonDepth } from './secret-places.ts';
import { scrubStrings } from './secret-scrub.ts';
import { SecretVault } from './secret-vault.ts';
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
  /** Data feeders the requests read (`${data.NAME.column}`). */
  data?: Plan['data'];
  scenario?: ScenarioHead;
  /** Vegeta: each request its own scenario. */
  scenarioPerRequest?: (index: number, count: number) => { name: string; head: ScenarioHead };
  /**
   * Credentials the source holds outside the requests (a recording's responses: a session cookie, a token in a
   * JSON answer): replaced by `${env.NAME}` wherever their values appear in the plan.
   */
  knownSecrets?: readonly KnownSecret[];
  /** False when values are examples (an API description): credentials are hidden where they stand, not hunted elsewhere. */
  scrubValues?: boolean;
  /**
   * Changes the built plan before its values are scrubbed and it is validated (a recording's WebSocket handshakes
   * made sessions, so the credentials in their messages are found too).
   */
  reshape?: (plan: Plan) => void;
}

/** A credential value, the name its variable is derived from, and where the source holds it (for the report). */
export interface KnownSecret {
  value: string;
  name: string;
  where: string;
  what: string;
}

export function buildPlan(drafts: readonly DraftRequest[], o: BuildOptions): { plan: Plan; env: string[] } {
  if (drafts.length === 0) throw new ConvertError('no requests found to import');
  const vault = new SecretVault(o.notes, { scrubValues: o.scrubValues ?? true });
  vault.reserve('BASE_URL');
  for (const k of o.knownSecrets ?? []) vault.learn(k.value, k.name, k.where, k.what);
  const variables = o.variables ? { ...o.variables } : undefined;
  // A server URL with `user:password@` (an API description's): the requests send them as basic auth, hidden.
  const server = o.baseUrl === undefined ? undefined : urlUserinfo(o.baseUrl);
  const withServerAuth = (d: DraftRequest): DraftRequest =>
    server && d.auth === undefined ? { ...d, auth: server.auth } : d;
  const safe = drafts.map((d) =>
    protectDraft(bounded(withServerAuth(d)), { vault, notes: o.notes, ...(variables ? { variables } : {}) }),
  );
  for (const d of safe) noteLocalFiles(d, o.notes);
  const origin = server?.url ?? o.baseUrl ?? mainOrigin(safe);
  // An origin that is a template already (JMeter's `${__P(host)}`) is its own override; defaults cannot nest `${`.
  const baseUrl =
    origin === undefined
      ? undefined
      : /^https?:\/\//.test(origin) && !origin.includes('${')
        ? `\${env.BASE_URL:-${origin}}`
        : origin;
  const requests = uniqueNames(safe.map((d) => toRequest(d, origin, o.notes)));
  const defaults = hoistDefaults(requests);
  const plan: Plan = {
    version: 1,
    name: o.name,
    ...(o.description ? { description: o.description } : {}),
    ...(baseUrl || defaults.headers || defaults.auth
      ? {
          defaults: {
            ...(baseUrl ? { baseUrl } : {}),
            ...(defaults.headers ? { headers: defaults.headers } : {}),
            ...(defaults.auth ? { auth: defaults.auth } : {}),
          },
        }
      : {}),
    ...(variables && Object.keys(variables).length > 0 ? { variables } : {}),
    ...(o.data && Object.keys(o.data).length > 0 ? { data: o.data } : {}),
    scenarios: scenarios(safe, requests, o),
  };
  o.reshape?.(plan);
  // The value pass: a credential's value is replaced wherever else it appears (URL paths, text, names, notes).
  scrubStrings(plan, (s) => vault.scrub(s));
  vault.finish();
  for (const n of o.notes.list) {
    n.where = vault.scrubText(n.where);
    n.message = vault.scrubText(n.message);
  }
  try {
    const { env } = validatePlanValue(plan);
    return { plan, env: [...new Set(env.map((e) => e.name))] };
  } catch (e) {
    if (e instanceof PlanError)
      throw new ConvertError(
        `the converted plan is not valid, which is a Loadsmith bug (please report it with the input):\n${e.message}`,
      );
    throw e;
  }
}

/** A JSON body deeper than the limit (an OpenAPI example, say) is sent as its text, so no later walk overflows. */
function bounded(d: DraftRequest): DraftRequest {
  if (d.body?.kind !== 'json' || jsonDepth(d.body.value, MAX_JSON_DEPTH) <= MAX_JSON_DEPTH) return d;
  return { ...d, body: { kind: 'text', text: JSON.stringify(d.body.value), tooDeep: true } };
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
