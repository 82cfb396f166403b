/** Steps: what a virtual user does in one iteration, in order. Each step is an object with exactly one key. */
import { z } from 'zod';
import { Duration } from './common.ts';
import {
  flowSteps,
  type DoWhileShape,
  type FlowShape,
  type ForEachShape,
  type IfShape,
  type OnceShape,
  type RandomSwitchShape,
  type RepeatShape,
  type RoundRobinSwitchShape,
  type WhileShape,
} from './flow.ts';
import { GrpcStep } from './grpc.ts';
import { Request } from './request.ts';
import { WebSocketStep } from './websocket.ts';

export const Think = z.union([
  Duration,
  z
    .strictObject({ min: Duration, max: Duration })
    .meta({ description: 'A pause drawn uniformly between min and max.' }),
]);

export const RequestStep = z.strictObject({ request: Request });
export const ThinkStep = z.strictObject({ think: Think });
export const BatchStep = z.strictObject({
  batch: z.array(RequestStep).min(1).meta({ description: 'Requests sent in parallel (like k6 http.batch).' }),
});

export interface GroupStepShape {
  group: { name: string; steps: StepShape[] };
}
export type StepShape =
  | z.infer<typeof RequestStep>
  | z.infer<typeof ThinkStep>
  | z.infer<typeof BatchStep>
  | z.infer<typeof WebSocketStep>
  | z.infer<typeof GrpcStep>
  | GroupStepShape
  // Listed one by one: a recursive alias may name generic interfaces, not another alias (FlowShape).
  | IfShape<StepShape>
  | RepeatShape<StepShape>
  | WhileShape<StepShape>
  | DoWhileShape<StepShape>
  | ForEachShape<StepShape>
  | RandomSwitchShape<StepShape>
  | RoundRobinSwitchShape<StepShape>
  | OnceShape<StepShape>;

export const GroupStep: z.ZodType<GroupStepShape> = z.strictObject({
  group: z.strictObject({
    name: z
      .string()
      .min(1)
      .regex(/^[^:]+$/, { error: 'group names may not contain ":" (it separates nested groups)' }),
    get steps() {
      return z.array(Step).min(1);
    },
  }),
});

const FLOW = flowSteps<StepShape>(() => Step);

export const Step: z.ZodType<StepShape> = z
  .union([RequestStep, ThinkStep, GroupStep, BatchStep, WebSocketStep, GrpcStep, ...FLOW])
  .meta({ id: 'Step' });
export type Step = StepShape;
export type FlowStep = FlowShape<Step>;
