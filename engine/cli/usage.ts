/** Usage errors (exit code 1, no stack trace) and the exit codes. Help is made from the command specs (specs/). */
export class UsageError extends Error {}

/** setupFailed: the plan's setup failed, so no scenario ran (k6 exits 107 when setup() throws). */
export const EXIT = {
  passed: 0,
  usage: 1,
  engineError: 103,
  interrupted: 105,
  thresholdsFailed: 99,
  setupFailed: 107,
} as const;
