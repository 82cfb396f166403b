/**
 * JMeter .jmx -> a plan. Thread Groups become scenarios (setUp and tearDown Thread Groups the plan's setup and
 * teardown), HTTP Request samplers requests, controllers flow steps, CSV Data Sets data feeders, User Defined
 * Variables plan variables. Requests go through buildPlan like every importer's (secrets to `${env.NAME}`, the base
 * URL, shared defaults), then back into the structure they came from. Nothing in the file is ever run: scripts and
 * elements a plan cannot express are notes naming the element and where it is.
 */
import { PlanError } from '../../plan/errors.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { childLists } from '../../plan/child-lists.ts';
import type { Plan, Request, Scenario, Step } from '../../plan/schema/index.ts';
import { buildPlan } from '../build-plan.ts';
import { isSecretField } from '../secrets.ts';
import { Notes } from '../draft.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { planNames } from './data.ts';
import { jmeterText, type TextScope } from './text.ts';
import { threadGroupPlan } from './thread-group.ts';
import type { Build } from './build.ts';
import { scoped, stepsOf } from './walk.ts';
import { parseJmx } from './xml.ts';

export type JmeterImportOptions = ImportOptions;

const THREAD_GROUPS = new Set(['ThreadGroup', 'SetupThreadGroup', 'PostThreadGroup']);

export function importJmeter(text: string, o: JmeterImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const tree = parseJmx(text, label);
  const notes = new Notes();
  const names = planNames(tree, notes);
  const text0: TextScope = { vars: names.vars, columns: names.columns, loopOnly: names.loopOnly, notes };
  const variables = Object.fromEntries(
    names.udv.map(([k, v]) => [k, jmeterText(v, text0, `${tree.name} › User Defined Variables › ${k}`)]),
  );
  const b: Build = { drafts: [], placeholders: new Map(), notes, conditionVars: new Set() };
  const top = tree.children.filter((c) => c.enabled);
  const planScope = scoped(
    top,
    { ...text0, defaults: {}, headers: [], auth: [], checks: [], extract: {}, think: [] },
    b,
  );
  const scenarios: [string, Scenario][] = [];
  const onFailureOf = new Map<number, NonNullable<Request['onFailure']>>();
  const runSteps: { setup: Step[]; teardown: Step[] } = { setup: [], teardown: [] };
  for (const e of tree.children) {
    if (!THREAD_GROUPS.has(e.tag)) {
      if (
        e.enabled &&
        !/^(Arguments|CSVDataSet|ConfigTestElement|HeaderManager|AuthManager|CookieManager|ResultCollector|BackendListener|.*Timer|.*Assertion|.*Extractor|JSONPostProcessor)$/.test(
          e.tag,
        )
      ) {
        notes.add(
          'not-imported',
          e.path.join(' › '),
          /^(JSR223|BeanShell)/.test(e.tag)
            ? `${e.tag}: a script, never run by Loadsmith`
            : `${e.tag}: Loadsmith has no equivalent at the test plan's level`,
        );
      }
      if (!e.enabled && THREAD_GROUPS.has(e.tag))
        notes.add('info', e.path.join(' › '), 'disabled in JMeter: not imported');
      continue;
    }
    if (!e.enabled) {
      notes.add('info', e.path.join(' › '), 'disabled in JMeter: not imported');
      continue;
    }
    const first = b.drafts.length;
    const steps = stepsOf(e.children, planScope, b);
    if (e.tag !== 'ThreadGroup') {
      notes.add(
        'approximated',
        e.path.join(' › '),
        `a ${e.tag === 'SetupThreadGroup' ? 'setUp' : 'tearDown'} Thread Group runs its steps once per run here (plan ${e.tag === 'SetupThreadGroup' ? 'setup' : 'teardown'}), whatever its threads and loops`,
      );
      runSteps[e.tag === 'SetupThreadGroup' ? 'setup' : 'teardown'].push(...steps);
      continue;
    }
    if (steps.length === 0) {
      notes.add('info', e.path.join(' › '), 'a Thread Group with no HTTP request: not imported');
      continue;
    }
    const tg = threadGroupPlan(e, notes);
    scenarios.push([
      uniqueName(
        e.name,
        scenarios.map((s) => s[0]),
      ),
      { ...tg.head, steps } as Scenario,
    ]);
    if (tg.onFailure) for (let i = first; i < b.drafts.length; i++) onFailureOf.set(i, tg.onFailure);
  }
  if (b.drafts.length === 0)
    throw new ConvertError(`${label}: no enabled HTTP Request sampler in a Thread Group: nothing to import`);
  // Loop variables exist only while their loop runs; buildPlan validates the requests flat, so they are declared for it.
  const loopVars = Object.fromEntries([...names.loopOnly].map((n) => [n, '']));
  // A condition reading a variable nothing has set yet (a While polling what its own request extracts) is no error in
  // JMeter, which compares the text "${state}": the plan starts such variables empty, so the condition can be read.
  for (const v of b.conditionVars) {
    if (names.loopOnly.has(v) || v in variables) continue;
    variables[v] = '';
    notes.add(
      'approximated',
      `${tree.name} › variable ${v}`,
      `a condition reads ${v} before anything may have set it: it starts as '' (JMeter would compare the text \${${v}})`,
    );
  }
  for (const n of names.loopOnly)
    notes.add(
      'approximated',
      `${tree.name} › ForEach variable ${n}`,
      `after its loop, \${${n}} is the last item in JMeter and '' in the plan (written \${${n}:-}: a loop's variable holds only while it runs)`,
    );
  // A User Defined Variable named like a credential (password, token, api key) goes to the environment, everywhere.
  const knownSecrets = names.udv
    .filter(([k, v]) => v !== '' && !v.includes('${') && isSecretField(k, v))
    .map(([k, v]) => ({ value: v, name: k, where: `${tree.name} › User Defined Variables`, what: `variable ${k}` }));
  const built = buildPlan(b.drafts, {
    name: o.name ?? (tree.name !== 'Test Plan' ? tree.name : `Imported from ${o.file ?? 'JMeter'}`),
    notes,
    variables: { ...loopVars, ...variables },
    data: names.data,
    knownSecrets,
  });
  const requests = flatRequests(Object.values(built.plan.scenarios)[0]?.steps ?? []);
  const real = (steps: Step[]): Step[] => steps.map((s) => replace(s, b.placeholders, requests, onFailureOf));
  const plan: Plan = {
    ...built.plan,
    defaults: { ...built.plan.defaults, http: { ...built.plan.defaults?.http, cookies: b.cookies ?? 'off' } },

    ...(Object.keys(names.data).length ? { data: names.data } : {}),
    ...(runSteps.setup.length ? { setup: { steps: real(runSteps.setup) } } : {}),
    ...(runSteps.teardown.length ? { teardown: { steps: real(runSteps.teardown) } } : {}),
    ...(built.plan.variables
      ? { variables: Object.fromEntries(Object.entries(built.plan.variables).filter(([k]) => !names.loopOnly.has(k))) }
      : {}),
    scenarios: Object.fromEntries(scenarios.map(([name, sc]) => [name, { ...sc, steps: real(sc.steps) }])),
  };
  if (!b.cookies)
    notes.add(
      'info',
      tree.name,
      'no HTTP Cookie Manager: JMeter sends no cookies, so the plan turns cookies off (defaults.http.cookies: off)',
    );
  if (plan.variables && Object.keys(plan.variables).length === 0) delete plan.variables;
  try {
    const { env } = validatePlanValue(plan);
    return { plan, notes: notes.list, env: [...new Set(env.map((e) => e.name))], format: 'jmeter' };
  } catch (e) {
    if (e instanceof PlanError)
      throw new ConvertError(
        `the converted plan is not valid, which is a Loadsmith bug (please report it with the input):\n${e.message}`,
      );
    throw e;
  }
}

function flatRequests(steps: readonly Step[]): Request[] {
  return steps.flatMap((s) => ('request' in s ? [s.request] : childLists(s).flatMap((c) => flatRequests(c.steps))));
}

/** A step with its placeholder requests replaced by the built ones (and the thread group's failure policy). */
function replace(
  s: Step,
  placeholders: ReadonlyMap<Request, number>,
  built: readonly Request[],
  policy: ReadonlyMap<number, NonNullable<Request['onFailure']>>,
): Step {
  const again = (list: Step[]): Step[] => list.map((x) => replace(x, placeholders, built, policy));
  if ('request' in s) {
    const i = placeholders.get(s.request);
    const r = i === undefined ? undefined : built[i];
    if (r === undefined || i === undefined) return s;
    const onFailure = policy.get(i);
    return { request: onFailure ? { ...r, onFailure } : r };
  }
  if ('think' in s || 'batch' in s || 'websocket' in s || 'grpc' in s) return s;
  if ('group' in s) return { group: { ...s.group, steps: again(s.group.steps) } };
  if ('if' in s) return { if: { ...s.if, then: again(s.if.then), ...(s.if.else ? { else: again(s.if.else) } : {}) } };
  if ('repeat' in s) return { repeat: { ...s.repeat, steps: again(s.repeat.steps) } };
  if ('while' in s) return { while: { ...s.while, steps: again(s.while.steps) } };
  if ('doWhile' in s) return { doWhile: { ...s.doWhile, steps: again(s.doWhile.steps) } };
  if ('forEach' in s) return { forEach: { ...s.forEach, steps: again(s.forEach.steps) } };
  if ('randomSwitch' in s) return { randomSwitch: s.randomSwitch.map((x) => ({ ...x, steps: again(x.steps) })) };
  if ('roundRobinSwitch' in s)
    return { roundRobinSwitch: s.roundRobinSwitch.map((x) => ({ ...x, steps: again(x.steps) })) };
  return { once: { steps: again(s.once.steps) } };
}

function uniqueName(name: string, taken: readonly string[]): string {
  const base = name.trim() || 'threads';
  let n = base;
  for (let k = 2; taken.includes(n); k++) n = `${base} ${k}`;
  return n;
}
