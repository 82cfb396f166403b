/**
 * Flow control as steps: a condition, loops (a fixed count, while a condition holds up to a required bound, for
 * each item of a list), one branch by weight or in turn, and steps a VU runs once. Conditions and lists are
 * expressions of the `${...}` language, written without `${...}` (`status() == 202`). A loop pass is not an
 * iteration: an iteration is one pass over the scenario's steps, whatever ran inside it (as in k6).
 */
import { z } from 'zod';
import { variableName } from './common.ts';
import { MAX_PASSES } from './constants.ts';

const Expression = (what: string) =>
  z
    .string()
    .min(1)
    .meta({ description: `${what}: an expression as inside \${...}, written without it, e.g. status() == 202.` });
const Condition = Expression('The condition');
const counter = variableName
  .optional()
  .meta({ description: 'Variable holding the pass number, from 0 (default: index). Restored when the loop ends.' });

interface Steps<S> {
  steps: S[];
}
export interface IfShape<S> {
  if: { condition: string; then: S[]; else?: S[] | undefined };
}
export interface RepeatShape<S> {
  repeat: Steps<S> & { times: number | string; counter?: string | undefined };
}
export interface WhileBody<S> extends Steps<S> {
  condition: string;
  max: number;
  counter?: string | undefined;
}
export interface WhileShape<S> {
  while: WhileBody<S>;
}
export interface DoWhileShape<S> {
  doWhile: WhileBody<S>;
}
export interface ForEachShape<S> {
  forEach: Steps<S> & { in: string; as?: string | undefined; counter?: string | undefined };
}
export interface RandomSwitchShape<S> {
  randomSwitch: (Steps<S> & { weight: number; name?: string | undefined })[];
}
export interface RoundRobinSwitchShape<S> {
  roundRobinSwitch: (Steps<S> & { name?: string | undefined })[];
}
export interface OnceShape<S> {
  once: Steps<S>;
}

export type FlowShape<S> =
  | IfShape<S>
  | RepeatShape<S>
  | WhileShape<S>
  | DoWhileShape<S>
  | ForEachShape<S>
  | RandomSwitchShape<S>
  | RoundRobinSwitchShape<S>
  | OnceShape<S>;

/** The flow step schemas; `step` gives the Step schema lazily (it contains these). */
export function flowSteps<S>(step: () => z.ZodType<S>) {
  const list = (min: number) => z.array(z.lazy(step)).min(min);
  const branchName = z.string().min(1).optional().meta({ description: 'Shown in Try it and Validate.' });
  const whileBody = (checked: string) =>
    z.strictObject({
      condition: Condition,
      max: z
        .int()
        .min(1)
        .max(MAX_PASSES)
        .meta({
          description: `Most passes (required): a condition that stays true cannot loop forever. Reaching it is counted and reported (error kind loop-max); the steps after the loop run. The condition is checked ${checked}.`,
        }),
      counter,
      steps: list(1),
    });
  return [
    z
      .strictObject({
        if: z.strictObject({
          condition: Condition,
          then: list(1).meta({ description: 'Steps run when the condition is true.' }),
          else: list(1).optional().meta({ description: 'Steps run when it is false.' }),
        }),
      })
      .meta({ description: 'Runs one list of steps or the other, by a condition (JMeter If, Gatling doIf).' }),
    z
      .strictObject({
        repeat: z.strictObject({
          times: z
            .union([z.int().min(0).max(MAX_PASSES), Expression('How many passes')])
            .meta({ description: 'Passes: a whole number, or an expression giving one.' }),
          counter,
          steps: list(1),
        }),
      })
      .meta({ description: 'Runs the steps a number of times (JMeter Loop, Gatling repeat).' }),
    z.strictObject({ while: whileBody('before each pass') }).meta({
      description: 'Runs the steps as long as the condition holds, checked before each pass (Gatling asLongAs).',
    }),
    z
      .strictObject({ doWhile: whileBody('after each pass: the steps run at least once') })
      .meta({ description: 'Runs the steps, then again as long as the condition holds (Gatling doWhile).' }),
    z
      .strictObject({
        forEach: z.strictObject({
          in: Expression('The list'),
          as: variableName
            .optional()
            .meta({ description: 'Variable holding the current item (default: item). Restored when the loop ends.' }),
          counter,
          steps: list(1),
        }),
      })
      .meta({
        description:
          'Runs the steps once for each item of a list, e.g. an extraction with all: true (JMeter ForEach, Gatling foreach).',
      }),
    z
      .strictObject({
        randomSwitch: z
          .array(
            z.strictObject({
              weight: z
                .number()
                .positive()
                .meta({ description: 'Relative weight: 70 and 30 (or 7 and 3) send 70 % of iterations one way.' }),
              name: branchName,
              steps: list(0),
            }),
          )
          .min(1),
      })
      .meta({
        description:
          'Runs one branch, drawn by weight each time (Gatling randomSwitch, JMeter Throughput controller, Locust task weights).',
      }),
    z
      .strictObject({
        roundRobinSwitch: z.array(z.strictObject({ name: branchName, steps: list(0) })).min(1),
      })
      .meta({
        description:
          'Runs the branches in turn, counted per VU: a VU runs branch 1, then 2, ... (Gatling roundRobinSwitch; JMeter counts per thread too).',
      }),
    z.strictObject({ once: z.strictObject({ steps: list(1) }) }).meta({
      description:
        "Steps a VU runs the first time it reaches them only (its first iteration, usually): a login. Their extractions stay for the VU's later iterations (JMeter Once Only, Locust on_start).",
    }),
  ] as const;
}
