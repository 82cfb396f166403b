/**
 * Streaming outputs a plan names (`outputs:` in the plan), used when the run is given none (`--out`, the app's
 * "Stream metrics to" take precedence, as k6's command line does over a script's options). A plan may come from
 * someone else: the credentials in the environment (tokens, passwords, extra headers) are never sent to a URL a plan
 * chose — give the output with --out (or in the app) to use them. Nor can a plan read them as `${env.X}` (in a
 * request or an output's URL): prepare.ts refuses such a plan, and a run's templates never see them
 * (plan/output-credentials.ts says which variables they are).
 */
import type { Plan } from '../plan/schema/index.ts';
import { compileTemplate } from '../template/index.ts';
import { streamOutput, type Env, type StreamOutput } from './config.ts';

/** The plan's outputs with `${env.X}` in their URLs rendered; undefined when it names none. */
export function planStreams(plan: Plan, env: Env): StreamOutput[] | undefined {
  if (!plan.outputs?.length) return undefined;
  return plan.outputs.map((o) =>
    streamOutput(
      o.kind,
      compileTemplate(o.url).render({ vu: 0, iter: 0, scenario: '', env, vars: new Map(), data: {} }),
    ),
  );
}
