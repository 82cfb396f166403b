/**
 * Scenarios and their executors, with k6's fields, defaults and meanings.
 * Closed model (VUs loop): constant-vus, ramping-vus, per-vu-iterations, shared-iterations.
 * Open model (iterations start on a schedule, whatever the target's speed): constant-arrival-rate, ramping-arrival-rate.
 */
import { z } from 'zod';
import { Duration, Tags } from './common.ts';
import { Step } from './steps.ts';
import type { ARRIVAL_RATE_EXECUTORS } from './constants.ts';

const common = {
  startTime: Duration.optional().meta({ description: 'Delay from the start of the test; default 0s.' }),
  gracefulStop: Duration.optional().meta({
    description: 'Time running iterations get to finish at the end; default 30s.',
  }),
  tags: Tags.optional(),
  steps: z.array(Step).min(1),
};
const vus = z.int().min(1).optional().meta({ description: 'Number of virtual users; default 1.' });
const iterations = z.int().min(1).optional();
const maxDuration = Duration.optional().meta({ description: 'Hard limit on the scenario duration; default 10m.' });

export const ConstantVus = z
  .strictObject({
    executor: z.literal('constant-vus'),
    vus,
    duration: Duration,
    ...common,
  })
  .meta({ description: 'A fixed number of VUs loop over the steps for a duration.' });

export const RampingVus = z
  .strictObject({
    executor: z.literal('ramping-vus'),
    startVUs: z.int().min(0).optional().meta({ description: 'VUs at the start; default 1.' }),
    stages: z.array(z.strictObject({ duration: Duration, target: z.int().min(0) })).min(1),
    gracefulRampDown: Duration.optional().meta({
      description: 'Time a VU removed by a ramp-down gets to finish; default 30s.',
    }),
    ...common,
  })
  .meta({ description: 'The number of VUs follows stages, linearly.' });

export const PerVuIterations = z
  .strictObject({
    executor: z.literal('per-vu-iterations'),
    vus,
    iterations: iterations.meta({ description: 'Iterations per VU; default 1.' }),
    maxDuration,
    ...common,
  })
  .meta({ description: 'Each VU runs exactly this many iterations.' });

export const SharedIterations = z
  .strictObject({
    executor: z.literal('shared-iterations'),
    vus,
    iterations: iterations.meta({ description: 'Total iterations shared by all VUs; default 1.' }),
    maxDuration,
    ...common,
  })
  .meta({ description: 'A fixed total of iterations shared by the VUs; faster VUs do more.' });

const timeUnit = Duration.optional().meta({
  description: 'The period the rate is counted in; default 1s (rate 50, timeUnit 1m = 50 per minute).',
});
const preAllocatedVUs = z.int().min(0).meta({ description: 'VUs created before the start.' });
const maxVUs = z.int().min(1).optional().meta({
  description:
    'Most VUs the executor may use; default preAllocatedVUs. An iteration with no free VU is dropped (dropped_iterations).',
});

export const ConstantArrivalRate = z
  .strictObject({
    executor: z.literal('constant-arrival-rate'),
    rate: z.number().positive().meta({ description: 'Iterations started per timeUnit.' }),
    timeUnit,
    duration: Duration,
    preAllocatedVUs,
    maxVUs,
    ...common,
  })
  .meta({ description: 'Iterations start at a fixed rate, whether or not earlier ones finished (open model).' });

export const RampingArrivalRate = z
  .strictObject({
    executor: z.literal('ramping-arrival-rate'),
    startRate: z.number().min(0).optional().meta({ description: 'Iterations per timeUnit at the start; default 0.' }),
    timeUnit,
    stages: z.array(z.strictObject({ duration: Duration, target: z.number().min(0) })).min(1),
    preAllocatedVUs,
    maxVUs,
    ...common,
  })
  .meta({ description: 'The iteration rate follows stages, linearly (open model).' });

export const Scenario = z.discriminatedUnion('executor', [
  ConstantVus,
  RampingVus,
  PerVuIterations,
  SharedIterations,
  ConstantArrivalRate,
  RampingArrivalRate,
]);
export type Scenario = z.infer<typeof Scenario>;
export type ExecutorName = Scenario['executor'];
/** Every executor, closed model first: the schema's own names. */
export const EXECUTORS: readonly ExecutorName[] = Scenario.options.map((o) => o.shape.executor.value);
export type ArrivalRateScenario = Extract<Scenario, { executor: (typeof ARRIVAL_RATE_EXECUTORS)[number] }>;
