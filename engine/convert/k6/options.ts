/**
 * The script's `options`: each scenario with its executor and k6's own field names (which the plan shares),
 * thresholds in the same syntax, and the plan-wide HTTP settings k6 has options for. Arrival rates are whole
 * numbers in k6: a fractional rate is scaled together with its timeUnit, which keeps the spacing.
 */
import { isArrivalRate } from '../../plan/arrival.ts';
import { parseDuration } from '../../base/duration.ts';
import { parseThresholdKey } from '../../plan/threshold-syntax.ts';
import type { Plan, Scenario } from '../../plan/schema/index.ts';
import { planRequests } from '../resolve.ts';
import type { Script } from './script.ts';

/** JavaScript function name for a scenario (names may hold `-`). */
export function scenarioFunction(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(id) || ['default', 'setup', 'teardown', 'handleSummary', 'options'].includes(id)
    ? `scenario_${id}`
    : id;
}

export function optionsObject(plan: Plan, s: Script): Record<string, unknown> {
  const scenarios: Record<string, unknown> = {};
  for (const [name, sc] of Object.entries(plan.scenarios)) scenarios[name] = scenario(name, sc, s);
  const options: Record<string, unknown> = { scenarios };
  const thresholds = thresholdsFor(plan, s);
  if (Object.keys(thresholds).length > 0) options.thresholds = thresholds;
  // The plan's field is k6's option, same name and syntax.
  if (plan.summaryTrendStats) options.summaryTrendStats = plan.summaryTrendStats;
  // The same defaults (60s) and meaning as k6's.
  if (plan.setup?.timeout) options.setupTimeout = plan.setup.timeout;
  if (plan.teardown?.timeout) options.teardownTimeout = plan.teardown.timeout;
  const http = plan.defaults?.http;
  if (http?.insecureTls) options.insecureSkipTLSVerify = true;
  if (http?.keepAlive === false) options.noConnectionReuse = true;
  if (http?.maxRedirects !== undefined) options.maxRedirects = http.maxRedirects;
  if (http?.discardResponseBodies) options.discardResponseBodies = true;
  if (http?.cookies === 'vu') options.noCookiesReset = true;
  if (http?.tls?.minVersion) options.tlsVersion = { min: http.tls.minVersion === 'TLSv1.3' ? 'tls1.3' : 'tls1.2' };
  if (plan.defaults?.tags) options.tags = plan.defaults.tags;
  if (http?.pipelining !== undefined && http.pipelining > 1)
    s.notes.add(
      'not-exported',
      'defaults.http.pipelining',
      'k6 does not pipeline HTTP/1.1 requests: each VU waits for its response on its own connection',
    );
  if (http?.maxBodySize !== undefined)
    s.notes.add('not-exported', 'defaults.http.maxBodySize', 'k6 keeps whole bodies; there is no limit to set');
  if (http?.protocol && http.protocol !== 'auto')
    s.notes.add(
      'not-exported',
      'defaults.http.protocol',
      `protocol ${http.protocol}: k6 negotiates HTTP/2 over TLS by ALPN and has no option to force HTTP/1.1 or h2c`,
    );
  if (http?.tls?.caFile || http?.tls?.servername)
    s.notes.add(
      'not-exported',
      'defaults.http.tls',
      'a custom CA file or SNI name: k6 has no option for them (use the system trust store)',
    );
  return options;
}

function scenario(name: string, sc: Scenario, s: Script): Record<string, unknown> {
  const { steps: _steps, ...fields } = sc;
  const { executor, ...rest } = fields;
  const out: Record<string, unknown> = { executor, exec: scenarioFunction(name), ...rest };
  if (isArrivalRate(sc)) {
    const values =
      sc.executor === 'constant-arrival-rate' ? [sc.rate] : [sc.startRate ?? 0, ...sc.stages.map((st) => st.target)];
    const unit = parseDuration(sc.timeUnit ?? '1s') ?? 1000;
    let k = 1;
    while (k < 1e6 && !values.every((v) => Math.abs(v * k - Math.round(v * k)) < 1e-9)) k *= 10;
    if (k > 1) {
      if (sc.executor === 'constant-arrival-rate') out.rate = Math.round(sc.rate * k);
      else {
        out.startRate = Math.round((sc.startRate ?? 0) * k);
        out.stages = sc.stages.map((st) => ({ ...st, target: Math.round(st.target * k) }));
      }
      const { executor: e, exec, rate, startRate, timeUnit: _unit, ...others } = out;
      const scaled = {
        executor: e,
        exec,
        ...(rate !== undefined ? { rate } : { startRate }),
        timeUnit: `${unit * k}ms`,
        ...others,
      };
      s.notes.add(
        'approximated',
        `scenarios.${name}`,
        `k6 rates are whole numbers: ${values.join(', ')} per ${sc.timeUnit ?? '1s'} written as ${values.map((v) => Math.round(v * k)).join(', ')} per ${unit * k}ms (the same spacing)`,
      );
      return scaled;
    }
  }
  return out;
}

function thresholdsFor(plan: Plan, s: Script): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const custom = customTags(plan);
  for (const [key, rules] of Object.entries(plan.thresholds ?? {})) {
    const parsed = parseThresholdKey(key, custom);
    if (parsed.metric.name === 'iteration_lag') {
      s.notes.add(
        'not-exported',
        `thresholds.${key}`,
        'iteration_lag is a Loadsmith metric (start delay of open-model iterations); k6 has none',
      );
      continue;
    }
    const tags = Object.entries(parsed.tags).map(
      ([t, v]) => `${t}:${t === 'group' && !v.startsWith('::') ? `::${v}` : v}`,
    );
    out[tags.length ? `${parsed.metric.name}{${tags.join(',')}}` : parsed.metric.name] = rules;
  }
  return out;
}

function customTags(plan: Plan): string[] {
  const names = new Set(Object.keys(plan.defaults?.tags ?? {}));
  for (const sc of Object.values(plan.scenarios)) for (const t of Object.keys(sc.tags ?? {})) names.add(t);
  for (const { request } of planRequests(plan)) for (const t of Object.keys(request.tags ?? {})) names.add(t);
  return [...names];
}
