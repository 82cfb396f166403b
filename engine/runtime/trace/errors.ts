/** Why a designer trace cannot start: environment variables that are not set, or a path that is not a request. */
import { PlanError } from '../../plan/errors.ts';
import type { EnvReference } from '../../plan/validate-templates.ts';

/** The plan reads environment variables the chosen environment does not define (and gives no default). */
export class MissingEnvironmentError extends PlanError {
  /** The variable names, each once, in plan order. */
  readonly names: string[];
  constructor(refs: readonly EnvReference[]) {
    const names = [...new Set(refs.map((r) => r.name))];
    super(
      refs.map((r) => ({
        path: r.path,
        message: `environment variable ${r.name} is not set (give it a value in the environment, or a default: \${env.${r.name}:-value})`,
      })),
    );
    this.name = 'MissingEnvironmentError';
    this.names = names;
  }
}

/** The caller asked for something the plan does not have (a step that is not a request, an unknown scenario). */
export class TraceInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceInputError';
  }
}

/** Throws MissingEnvironmentError for the references without a value and without a default. */
export function assertEnvironment(
  refs: readonly EnvReference[],
  env: Readonly<Record<string, string | undefined>>,
): void {
  const missing = refs.filter((r) => !r.hasDefault && env[r.name] === undefined);
  if (missing.length > 0) throw new MissingEnvironmentError(missing);
}
