/**
 * Scenarios and their executors, with k6's fields, defaults and meanings.
 * Closed model: constant-vus, ramping-vus, per-vu-iterations, shared-iterations.
 */
import { z } from 'zod';
import { Duration, Tags } from './common.ts';
import { Step } from './steps.ts';

const common = {
  startTime: Duration.optional().meta({ description: 'Delay from the start of the test; default 0s.' }),
  gracefulStop: Duration.optional().meta({ description: 'Time running iterations get to finish at the end; default 30s.' }),
  tags: Tags.optional(),
  steps: z.array(Step).min(1),
};
const vus = z.int().min(1).optional().meta({ description: 'Number of virtual users; default 1.' });
const iterations = z.int().min(1).optional();
const maxDuration = Duration.optional().meta({ description: 'Hard limit on the scenario duration; default 10m.' });

export const ConstantVus = z.strictObject({
  executor: z.literal('constant-vus'), vus, duration: Duration, ...common,
}).meta({ description: 'A fixed number of VUs loop over the steps for a duration.' });

export const RampingVus = z.strictObject({
  executor: z.literal('ramping-vus'),
  startVUs: z.int().min(0).optional().meta({ description: 'VUs at the start; default 1.' }),
  stages: z.array(z.strictObject({ duration: Duration, target: z.int().min(0) })).min(1),
  gracefulRampDown: Duration.optional().meta({ description: 'Time a VU removed by a ramp-down gets to finish; default 30s.' }),
  ...common,
}).meta({ description: 'The number of VUs follows stages, linearly.' });

export const PerVuIterations = z.strictObject({
  executor: z.literal('per-vu-iterations'), vus, iterations: iterations.meta({ description: 'Iterations per VU; default 1.' }),
  maxDuration, ...common,
}).meta({ description: 'Each VU runs exactly this many iterations.' });

export const SharedIterations = z.strictObject({
  executor: z.literal('shared-iterations'), vus, iterations: iterations.meta({ description: 'Total iterations shared by all VUs; default 1.' }),
  maxDuration, ...common,
}).meta({ description: 'A fixed total of iterations shared by the VUs; faster VUs do more.' });

export const Scenario = z.discriminatedUnion('executor', [ConstantVus, RampingVus, PerVuIterations, SharedIterations]);
export type Scenario = z.infer<typeof Scenario>;
export const EXECUTORS = ['constant-vus', 'ramping-vus', 'per-vu-iterations', 'shared-iterations'] as const;
export type ExecutorName = Scenario['executor'];
