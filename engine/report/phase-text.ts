/**
 * Phases of a run changed mid-run, in words (pure: the text summary, the HTML report and the app share them):
 * what began each phase, and per scenario its target next to what it achieved.
 */
import type { PhaseScenario, RunPhase } from '../metrics/phases.ts';
import type { Range } from '../metrics/phase-targets.ts';
import type { ControlChange } from '../plan/control.ts';
import { fmtMs, fmtRate } from './numbers.ts';

/** "0s – 12s". */
export function phaseSpan(p: RunPhase): string {
  return `${fmtMs(p.startMs)} – ${fmtMs(p.endMs)}`;
}

/** What began the phase: "the plan", "paused", "browse: 50 VUs, api: 20 iterations/s". */
export function phaseCause(p: RunPhase): string {
  return p.changes.length === 0 ? 'the plan' : p.changes.map(describeChange).join(', ');
}

const range = (r: Range, unit: (n: number) => string): string =>
  r.from === r.to ? unit(r.from) : `${unit(r.from)} → ${unit(r.to)}`;
const vus = (n: number): string => `${Math.round(n * 10) / 10} VU${n === 1 ? '' : 's'}`;

/** "31.2 iterations/s". */
const per = (n: number, what: string): string => `${fmtRate(n).slice(0, -2)} ${what}/s`;

/** "plan: 0 → 10 VUs", "50 VUs", "plan: 10 iterations/s", "40 iterations/s", "paused". */
export function targetText(sc: PhaseScenario): string {
  const t = sc.target;
  if (t.source === 'paused') return 'paused';
  const rate = (n: number): string => per(n, 'iterations');
  const what = t.vus
    ? range(t.vus, vus)
    : t.rate
      ? `${range(t.rate, rate)}${t.rate.from !== t.rate.to ? ` (${rate(t.rate.average)} on average)` : ''}`
      : 'as planned';
  return t.source === 'plan' ? `plan: ${what}` : what;
}

/**
 * Closed model: "9.8 VUs on average (max 10) · 31.2 iterations/s · 31.2 requests/s"; open: "19.9 started/s · 0 dropped
 * · 19.9 requests/s"; a scenario not running in the phase: "did not run".
 */
export function achievedText(sc: PhaseScenario): string {
  if (sc.seconds <= 0) return 'did not run';
  if (sc.arrival)
    return `${per(sc.arrival.achievedRate, 'started')} · ${sc.arrival.dropped} dropped · ${per(sc.rps, 'requests')}`;
  return `${vus(sc.vus.avg)} on average (max ${sc.vus.max}) · ${per(sc.iterationRate, 'iterations')} · ${per(sc.rps, 'requests')}`;
}

/** The open model's target per second in the phase (0 while paused), for comparing with what started. */
export function targetRate(sc: PhaseScenario): number | undefined {
  if (sc.target.source === 'paused') return sc.arrival ? 0 : undefined;
  return sc.target.rate?.average;
}

/** Fell short of its target: an open-model scenario that started under 99% of its rate, or dropped iterations. */
export function fellShort(sc: PhaseScenario): boolean {
  const target = targetRate(sc);
  if (!sc.arrival || target === undefined || sc.seconds <= 0) return false;
  return sc.arrival.dropped > 0 || sc.arrival.achievedRate < target * 0.99;
}

/** "paused", "resumed", "browse: 50 VUs", "api: 20 iterations/s": one line per change, for notes and messages. */
export function describeChange(c: ControlChange): string {
  if (c.kind === 'pause') return 'paused';
  if (c.kind === 'resume') return 'resumed';
  return 'vus' in c
    ? `${c.scenario}: ${c.vus} VU${c.vus === 1 ? '' : 's'}`
    : `${c.scenario}: ${formatRate(c.rate)} iterations/s`;
}

const formatRate = (r: number): string => (Number.isInteger(r) ? String(r) : String(Number(r.toFixed(3))));
