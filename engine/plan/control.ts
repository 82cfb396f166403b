/**
 * Mid-run control (docs/decisions/0005-mid-run-control.md): pause, resume and scale a running test. The words here
 * are the user's: a change, when it applies (`atMs`, test time), and the run's current control state.
 */
import { z } from 'zod';

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

const atMs = z.int().min(0);
/** A change as it crosses to a worker thread (checked there: a worker trusts no message shape). */
export const ControlEventSchema = z.union([
  z.strictObject({ kind: z.literal('pause'), atMs }),
  z.strictObject({ kind: z.literal('resume'), atMs }),
  z.strictObject({ kind: z.literal('scale'), atMs, scenario: z.string(), vus: z.int().min(0) }),
  z.strictObject({
    kind: z.literal('scale'),
    atMs,
    scenario: z.string(),
    rate: z.number().min(0).max(MAX_CONTROL_RATE),
  }),
]);
