/** Steps: what a virtual user does in one iteration, in order. Each step is an object with exactly one key. */
import { z } from 'zod';
import { Duration } from './common.ts';
import { Request } from './request.ts';

export const Think = z.union([
  Duration,
  z.strictObject({ min: Duration, max: Duration }).meta({ description: 'A pause drawn uniformly between min and max.' }),
]);

export const RequestStep = z.strictObject({ request: Request });
export const ThinkStep = z.strictObject({ think: Think });
export const BatchStep = z.strictObject({
  batch: z.array(RequestStep).min(1).meta({ description: 'Requests sent in parallel (like k6 http.batch).' }),
});

export interface GroupStepShape { group: { name: string; steps: StepShape[] } }
export type StepShape =
  | z.infer<typeof RequestStep>
  | z.infer<typeof ThinkStep>
  | z.infer<typeof BatchStep>
  | GroupStepShape;

export const GroupStep: z.ZodType<GroupStepShape> = z.strictObject({
  group: z.strictObject({
    name: z.string().min(1).regex(/^[^:]+$/, { error: 'group names may not contain ":" (it separates nested groups)' }),
    get steps() {
      return z.array(Step).min(1);
    },
  }),
});

export const Step: z.ZodType<StepShape> = z.union([RequestStep, ThinkStep, GroupStep, BatchStep]).meta({ id: 'Step' });
export type Step = StepShape;
