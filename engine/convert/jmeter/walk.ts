/**
 * The elements under a thread group (or a controller) -> plan steps. Config elements, assertions, extractors and
 * timers apply to every sampler in their scope (their level and below), as in JMeter; samplers become requests
 * (placeholders here, replaced by the built requests once buildPlan has protected secrets); controllers become
 * flow steps (controllers.ts). Anything else is reported by name and location and never run.
 */
import type { Request, Step } from '../../plan/schema/index.ts';
import type { Build, Scope } from './build.ts';
import { assertionChecks, extractions, timerThink } from './checks.ts';
import { controllerStep } from './controllers.ts';
import { boolProp, collection, prop } from './props.ts';
import { httpDefaults, samplerDraft } from './sampler.ts';
import { jmeterText } from './text.ts';
import type { JmxElement } from './xml.ts';

const SAMPLERS = new Set(['HTTPSamplerProxy', 'HTTPSampler', 'HTTPSampler2']);
const ASSERTIONS = new Set(['ResponseAssertion', 'DurationAssertion']);
const EXTRACTORS = new Set(['RegexExtractor', 'JSONPostProcessor', 'BoundaryExtractor']);
const TIMERS = new Set(['ConstantTimer', 'UniformRandomTimer', 'GaussianRandomTimer']);
/** Elements handled elsewhere (the test plan's pre-pass) or nothing a plan needs: results go to Loadsmith's own summary. */
const ELSEWHERE = new Set(['Arguments', 'CSVDataSet']);
const LISTENERS = /^(ResultCollector|BackendListener|Summariser|ResultSaver|.*Visualizer)$/;

const where = (e: JmxElement): string => e.path.join(' › ');

export function stepsOf(children: readonly JmxElement[], above: Scope, b: Build): Step[] {
  const live = children.filter((c) => {
    if (!c.enabled) b.notes.add('info', where(c), 'disabled in JMeter: not imported');
    return c.enabled;
  });
  const scope = scoped(live, above, b);
  const steps: Step[] = [];
  for (const e of live) {
    if (SAMPLERS.has(e.tag)) steps.push(...samplerSteps(e, scope, b));
    else if (isScoped(e)) continue;
    else {
      const step = controllerStep(e, scope, b, stepsOf);
      if (step === 'unknown') b.notes.add('not-imported', where(e), unknown(e));
      else steps.push(...step);
    }
  }
  return steps;
}

function samplerSteps(e: JmxElement, above: Scope, b: Build): Step[] {
  const scope = scoped(
    e.children.filter((c) => c.enabled),
    { ...above, checks: [], extract: {}, think: [] },
    b,
  );
  // Assertions and extractors above apply to this sampler too, after its own (JMeter runs the nearest first).
  const own: Scope = {
    ...scope,
    checks: [...scope.checks, ...above.checks],
    extract: { ...above.extract, ...scope.extract },
    think: [...above.think, ...scope.think],
  };
  for (const c of e.children) if (c.enabled && !isScoped(c)) b.notes.add('not-imported', where(c), unknown(c));
  const placeholder: Request = { url: `#${b.drafts.length}` };
  b.placeholders.set(placeholder, b.drafts.length);
  b.drafts.push(samplerDraft(e, own));
  return [...own.think.map((think): Step => ({ think })), { request: placeholder }];
}

/** The scope the elements of one level give their samplers: defaults, headers, auth, checks, extractions, timers. */
export function scoped(level: readonly JmxElement[], above: Scope, b: Build): Scope {
  const s: Scope = {
    ...above,
    headers: [...above.headers],
    auth: [...above.auth],
    checks: [...above.checks],
    extract: { ...above.extract },
    think: [...above.think],
  };
  for (const e of level) {
    if (e.tag === 'ConfigTestElement') s.defaults = httpDefaults(e.props, s.defaults);
    else if (e.tag === 'HeaderManager') {
      for (const h of collection(e.props, 'HeaderManager.headers')) {
        const name = prop(h, 'Header.name') ?? '';
        if (!name) continue;
        s.headers = [
          ...s.headers.filter(([k]) => k.toLowerCase() !== name.toLowerCase()),
          [name, jmeterText(prop(h, 'Header.value') ?? '', s, where(e))],
        ];
      }
    } else if (e.tag === 'AuthManager') {
      for (const a of collection(e.props, 'AuthManager.auth_list')) {
        s.auth.push({
          url: prop(a, 'Authorization.url') ?? '',
          username: prop(a, 'Authorization.username') ?? '',
          password: prop(a, 'Authorization.password') ?? '',
          mechanism: prop(a, 'Authorization.mechanism') ?? 'BASIC',
          where: where(e),
        });
      }
    } else if (e.tag === 'CookieManager') {
      b.cookies = boolProp(e.props, 'CookieManager.clearEachIteration') ? 'iteration' : 'vu';
      if (prop(e.props, 'CookieManager.policy') && prop(e.props, 'CookieManager.policy') !== 'standard')
        b.notes.add(
          'info',
          where(e),
          `cookie policy ${prop(e.props, 'CookieManager.policy')}: Loadsmith's cookie jar follows RFC 6265`,
        );
    } else if (ASSERTIONS.has(e.tag)) s.checks.push(...assertionChecks(e, s));
    else if (EXTRACTORS.has(e.tag)) Object.assign(s.extract, extractions(e, s));
    else if (TIMERS.has(e.tag)) {
      const t = timerThink(e, b.notes);
      if (t !== undefined) s.think.push(t);
    } else if (LISTENERS.test(e.tag))
      b.notes.add(
        'info',
        where(e),
        'a listener: not imported (Loadsmith reports results in its own summary and outputs)',
      );
  }
  return s;
}

function isScoped(e: JmxElement): boolean {
  return (
    ['ConfigTestElement', 'HeaderManager', 'AuthManager', 'CookieManager'].includes(e.tag) ||
    ASSERTIONS.has(e.tag) ||
    EXTRACTORS.has(e.tag) ||
    TIMERS.has(e.tag) ||
    ELSEWHERE.has(e.tag) ||
    LISTENERS.test(e.tag)
  );
}

function unknown(e: JmxElement): string {
  if (/^(JSR223|BeanShell)/.test(e.tag)) return `${e.tag}: a script, never run by Loadsmith`;
  if (/Sampler/.test(e.tag)) return `${e.tag}: a sampler that is not an HTTP request`;
  return `${e.tag}: Loadsmith has no equivalent`;
}
