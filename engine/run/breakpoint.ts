/**
 * Breakpoint search (the Vegeta article's method): drive the plan's request mix at constant arrival rates,
 * doubling the rate until an SLA fails, then bisecting between the last good and the first bad rate, with a
 * cooldown between steps. A step also fails when the generator had to drop iterations (it could not hold the rate,
 * so the rate was not really tested).
 */
import type { Summary } from '../metrics/summary.ts';
import type { Plan, Scenario } from '../plan/schema/index.ts';
import type { Sla } from '../plan/sla.ts';
import { runPlan, type RunHandle, type RunOptions } from './run-plan.ts';

export interface BreakpointOptions {
  sla: readonly Sla[];
  startRate: number;
  maxRate: number;
  stepDurationS: number;
  cooldownS: number;
  /** Stop bisecting when the bad rate is within this fraction of the good one. */
  precision: number;
  maxVUs: number;
  run: RunOptions;
}

export interface BreakpointStep {
  rate: number;
  ok: boolean;
  p95: number;
  failedRate: number;
  dropped: number;
  achievedRate: number;
  /** The SLA results (threshold states) of this step. */
  checks: { metric: string; expression: string; ok: boolean; value: number | null }[];
  reason: string | null;
}

export interface BreakpointResult {
  steps: BreakpointStep[];
  maxRate: number | null;
  firstFailingRate: number | null;
  stopped: boolean;
}

export interface BreakpointControl {
  onStep?(step: BreakpointStep): void;
  onRun?(handle: RunHandle, rate: number): void;
  signal?: { stopped: boolean };
}

const DROP_TOLERANCE = 0.01;

export async function searchBreakpoint(
  plan: Plan,
  o: BreakpointOptions,
  control: BreakpointControl = {},
): Promise<BreakpointResult> {
  const steps: BreakpointStep[] = [];
  let good: number | null = null;
  let bad: number | null = null;
  let rate = o.startRate;
  const tried = new Set<number>();
  while (!control.signal?.stopped) {
    rate = Math.round(rate * 100) / 100;
    if (tried.has(rate)) break;
    tried.add(rate);
    if (steps.length > 0 && o.cooldownS > 0) await sleep(o.cooldownS * 1000, control.signal);
    if (control.signal?.stopped) break;
    const step = await runStep(plan, rate, o, control);
    steps.push(step);
    control.onStep?.(step);
    if (step.ok) good = rate;
    else bad = rate;
    if (bad === null) {
      if (rate >= o.maxRate) break;
      rate = Math.min(o.maxRate, rate * 2);
      continue;
    }
    if (good === null || (bad - good) / good <= o.precision) break;
    rate = (good + bad) / 2;
  }
  return { steps, maxRate: good, firstFailingRate: bad, stopped: control.signal?.stopped === true };
}

async function runStep(
  plan: Plan,
  rate: number,
  o: BreakpointOptions,
  control: BreakpointControl,
): Promise<BreakpointStep> {
  const handle = runPlan(atRate(plan, rate, o), o.run);
  control.onRun?.(handle, rate);
  const s = await handle.done;
  return stepOf(s, rate);
}

/** Every scenario becomes a constant arrival rate; the rate is shared equally among them (the plan's mix). */
export function atRate(plan: Plan, rate: number, o: Pick<BreakpointOptions, 'stepDurationS' | 'maxVUs' | 'sla'>): Plan {
  const entries = Object.entries(plan.scenarios);
  const share = rate / entries.length;
  const scenarios: Record<string, Scenario> = {};
  for (const [name, sc] of entries) {
    scenarios[name] = {
      executor: 'constant-arrival-rate',
      rate: share,
      duration: `${o.stepDurationS}s`,
      preAllocatedVUs: Math.min(o.maxVUs, Math.max(1, Math.ceil(share / 10))),
      maxVUs: o.maxVUs,
      gracefulStop: '5s',
      steps: sc.steps,
      ...(sc.tags ? { tags: sc.tags } : {}),
    };
  }
  const thresholds: Record<string, string[]> = {};
  for (const s of o.sla) (thresholds[s.metric] ??= []).push(s.expression);
  return { ...plan, scenarios, thresholds };
}

export function stepOf(s: Summary, rate: number): BreakpointStep {
  const d = s.metrics.http_req_duration;
  const f = s.metrics.http_req_failed;
  const scheduled = s.scenarios.reduce((n, sc) => n + (sc.arrival?.scheduled ?? 0), 0);
  const dropped = s.scenarios.reduce((n, sc) => n + sc.dropped, 0);
  const achieved = s.scenarios.reduce((n, sc) => n + (sc.arrival?.achievedRate ?? 0), 0);
  const failing = s.thresholds.filter((t) => !t.ok);
  const droppedTooMany = scheduled > 0 && dropped / scheduled > DROP_TOLERANCE;
  const reason =
    failing.length > 0
      ? failing
          .map(
            (t) =>
              `${t.metric}: ${t.expression} (got ${t.value === null ? 'no data' : Math.round(t.value * 1000) / 1000})`,
          )
          .join('; ')
      : droppedTooMany
        ? `the generator dropped ${dropped} of ${scheduled} iterations (not enough VUs or CPU to hold the rate: raise --max-vus or use more workers)`
        : null;
  return {
    rate,
    ok: reason === null,
    p95: d?.type === 'trend' ? d.p95 : 0,
    failedRate: f?.type === 'rate' ? f.rate : 0,
    dropped,
    achievedRate: achieved,
    checks: s.thresholds.map((t) => ({ metric: t.metric, expression: t.expression, ok: t.ok, value: t.value })),
    reason,
  };
}

function sleep(ms: number, signal?: { stopped: boolean }): Promise<void> {
  return new Promise((resolve) => {
    const end = Date.now() + ms;
    const tick = (): void => {
      if (signal?.stopped || Date.now() >= end) resolve();
      else setTimeout(tick, Math.min(200, end - Date.now()));
    };
    tick();
  });
}
