/**
 * Mid-run control in the run view, pure: which scenarios can be scaled and by what, what each is set to now, and
 * a typed value checked before it is sent (the engine checks again and says why it refuses).
 */
import type { RunControlResult, RunDetail } from '../../../../app/contract/runs.ts';

type ControlState = RunControlResult['state'];
export type ScenarioInfo = NonNullable<RunDetail['info']>['scenarios'][number];

export interface ControlRow {
  name: string;
  executor: string;
  /** What a scale sets: VUs (closed model) or iterations per second (open model); null: pause/resume only. */
  unit: 'vus' | 'rate' | null;
  /** The most VUs a scale may ask (closed model). */
  maxVus?: number;
  /** "plan", "50 VUs", "20 iterations/s". */
  current: string;
  /** Why it cannot be scaled now (not started, ended, an iteration executor); undefined: it can. */
  blocked?: string;
}

/** One row per scenario of the run, at test time `elapsedMs` (undefined: not known yet). */
export function controlRows(
  scenarios: readonly ScenarioInfo[],
  state: ControlState | undefined,
  elapsedMs: number | undefined,
): ControlRow[] {
  return scenarios.map((sc) => {
    const target = state?.targets[sc.name];
    const current = !target
      ? 'plan'
      : 'vus' in target
        ? `${target.vus} VU${target.vus === 1 ? '' : 's'}`
        : `${target.rate} iterations/s`;
    const unit = sc.scale?.unit ?? null;
    const row: ControlRow = {
      name: sc.name,
      executor: sc.executor,
      unit,
      current,
      ...(sc.scale?.unit === 'vus' ? { maxVus: sc.scale.maxVus } : {}),
    };
    const blocked =
      unit === null
        ? `${sc.executor} runs a number of iterations: pause and resume apply to it, not a scale`
        : notRunning(sc, elapsedMs);
    return blocked ? { ...row, blocked } : row;
  });
}

function notRunning(sc: ScenarioInfo, elapsedMs: number | undefined): string | undefined {
  if (elapsedMs === undefined || sc.startMs === undefined || sc.regularMs === undefined) return undefined;
  if (elapsedMs < sc.startMs) return `starts at ${sc.startMs / 1000}s (its startTime)`;
  if (elapsedMs >= sc.startMs + sc.regularMs) return 'has reached the end of its duration';
  return undefined;
}

/** A typed target: `{ vus }` or `{ rate }`, or the problem in words. */
export function parseTarget(
  row: ControlRow,
  text: string,
): { ok: true; target: { vus: number } | { rate: number } } | { ok: false; problem: string } {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    return {
      ok: false,
      problem:
        row.unit === 'vus'
          ? `VUs of ${row.name}: a whole number of 0 or more`
          : `Rate of ${row.name}: iterations per second, 0 or more`,
    };
  }
  if (row.unit === 'vus') {
    if (!Number.isInteger(value)) return { ok: false, problem: `VUs of ${row.name}: a whole number of 0 or more` };
    if (row.maxVus !== undefined && value > row.maxVus)
      return { ok: false, problem: `VUs of ${row.name}: at most ${row.maxVus} in this run` };
    return { ok: true, target: { vus: value } };
  }
  return { ok: true, target: { rate: value } };
}
