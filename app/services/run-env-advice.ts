/**
 * The engine's advice for an environment variable that is not set speaks to the command line (`pass --env
 * NAME=... (or export it)`). An app run takes its variables from the environment chosen for it: the app says to
 * set the variable there, naming it, or to choose one. The engine's message stays the CLI's.
 */
import type { PlanIssue } from '../contract/index.ts';

const CLI_ADVICE = /environment variable ([A-Za-z_]\w*) is not set: pass --env \1=\.\.\. \(or export it\)/g;

/** `message` with the CLI's advice replaced by the app's, for a run with `environment` (its name) or none. */
export function inAppWords(message: string, environment: string | null): string {
  return message.replace(CLI_ADVICE, (_m, name: string) =>
    environment === null
      ? `environment variable ${name} is not set: choose an environment that sets ${name} (this run has none)`
      : `environment variable ${name} is not set: set ${name} in the environment '${environment}'`,
  );
}

export function issuesInAppWords(issues: readonly PlanIssue[], environment: string | null): PlanIssue[] {
  return issues.map((i) => ({ ...i, message: inAppWords(i.message, environment) }));
}
