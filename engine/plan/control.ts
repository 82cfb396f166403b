/**
 * Mid-run control (docs/decisions/0005-mid-run-control.md): pause, resume and scale a running test. The words here
 * are the user's: a change, when it applies (`atMs`, test time), and the run's current control state.
 */
/** A new target for a scenario: VUs (closed model: constant-vus, ramping-vus) or iterations per second (open model). */
export type ScaleTarget = { vus: number } | { rate: number };

/** One change made while the test runs. `scale` names one scenario (several changes share an `atMs`). */
export type ControlChange =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'scale'; scenario: string; vus: number }
  | { kind: 'scale'; scenario: string; rate: number };

/** A change with the test time it takes effect at: a whole second, so each per-second sample is in one phase. */
export type ControlEvent = ControlChange & { atMs: number };

/** What control has set so far: paused or not, and the targets set per scenario (the rest follow the plan). */
export interface ControlState {
  paused: boolean;
  targets: Record<string, ScaleTarget>;
}

/** A change the run refuses, with the reason in the user's words (an execution segment, an iteration executor...). */
export class ControlError extends Error {
  override readonly name = 'ControlError';
}

/** The most iterations per second a scale may ask of one scenario: a typo's extra zeros, not a load test. */
export const MAX_CONTROL_RATE = 1_000_000;

/**
 * A change as it crosses to a worker thread, checked there (a worker trusts no message shape); undefined when the
 * message is not one. By hand, not with zod: a worker thread never loads zod (runtime/worker/main.ts, its memory).
 */
export function controlEventOf(message: unknown): ControlEvent | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  const keys = Object.keys(m).sort().join(',');
  if (!isWholeAtLeast0(m.atMs)) return undefined;
  const atMs = m.atMs;
  if ((m.kind === 'pause' || m.kind === 'resume') && keys === 'atMs,kind') return { kind: m.kind, atMs };
  if (m.kind !== 'scale' || typeof m.scenario !== 'string') return undefined;
  if (keys === 'atMs,kind,scenario,vus' && isWholeAtLeast0(m.vus))
    return { kind: 'scale', atMs, scenario: m.scenario, vus: m.vus };
  if (keys === 'atMs,kind,rate,scenario' && typeof m.rate === 'number' && m.rate >= 0 && m.rate <= MAX_CONTROL_RATE)
    return { kind: 'scale', atMs, scenario: m.scenario, rate: m.rate };
  return undefined;
}

const isWholeAtLeast0 = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
