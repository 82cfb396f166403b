/**
 * The control API of a running `loadsmith run` (k6's REST API on localhost:6565 plays this part for `k6 pause`):
 * what its requests and replies hold, checked with zod on both sides, and how a run is found (its registry entry).
 *   GET  /v1/status                            the run, its scenarios and control state
 *   POST /v1/pause, POST /v1/resume            -> { events, state }
 *   POST /v1/scale { scenario?, vus | rate }   -> { events, state }
 * Every request carries `Authorization: Bearer <token>`; a refusal is 409 with { error } saying why.
 */
import { z } from 'zod';
import { MAX_CONTROL_RATE } from '../../plan/control.ts';

/** A scale: VUs (a whole number) or a rate (iterations per second), for one scenario or every one it fits. */
export const ScaleBody = z
  .strictObject({
    scenario: z.string().min(1).max(256).optional(),
    vus: z.int().min(0).optional(),
    rate: z.number().min(0).max(MAX_CONTROL_RATE).optional(),
  })
  .refine((b) => (b.vus === undefined) !== (b.rate === undefined), { error: 'give either vus or rate' });
export type ScaleBody = z.infer<typeof ScaleBody>;

const Target = z.union([z.strictObject({ vus: z.int() }), z.strictObject({ rate: z.number() })]);
const State = z.strictObject({ paused: z.boolean(), targets: z.record(z.string(), Target) });
const Event = z.looseObject({
  kind: z.enum(['pause', 'resume', 'scale']),
  atMs: z.number(),
  scenario: z.string().optional(),
  vus: z.number().optional(),
  rate: z.number().optional(),
});

export const ControlReply = z.strictObject({ events: z.array(Event), state: State });
export type ControlReply = z.infer<typeof ControlReply>;

export const StatusReply = z.strictObject({
  pid: z.int(),
  plan: z.string(),
  file: z.string().optional(),
  /** A test is running (not between repeats, nor writing reports). */
  running: z.boolean(),
  elapsedMs: z.number().optional(),
  state: State.optional(),
  scenarios: z
    .array(z.looseObject({ name: z.string(), executor: z.string(), scale: z.unknown().optional() }))
    .optional(),
  /** Why this run takes no change (an execution segment). */
  refusal: z.string().optional(),
});
export type StatusReply = z.infer<typeof StatusReply>;

export const ErrorReply = z.strictObject({ error: z.string() });

/** What a run writes (0600, in a private folder) so that `loadsmith pause` finds it and may talk to it. */
export const RunEntry = z.strictObject({
  version: z.literal(1),
  pid: z.int(),
  /** host:port on loopback. */
  address: z.string(),
  token: z.string().min(32),
  file: z.string(),
  startedAt: z.string(),
});
export type RunEntry = z.infer<typeof RunEntry>;
