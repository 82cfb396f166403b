/** The process exit code of a run, and of a repeated run, from its verdict (EXIT in usage.ts). */
import type { Summary } from '../metrics/summary.ts';
import { EXIT } from './usage.ts';

export function exitCode(s: Summary): number {
  if (s.stoppedBy === 'setup') return EXIT.setupFailed;
  if (s.stoppedBy === 'error') return EXIT.engineError;
  if (s.status === 'failed') return EXIT.thresholdsFailed;
  if (s.stoppedBy === 'stopped' || s.stoppedBy === 'aborted') return EXIT.interrupted;
  return EXIT.passed;
}

/** 107 when a repeat's setup failed; else 103 for an engine error; else 99 when any failed its thresholds; else 105 when stopped or skipped; else 0. */
export function repeatExitCode(summaries: readonly Summary[], skipped: boolean): number {
  const codes = summaries.map(exitCode);
  for (const code of [EXIT.setupFailed, EXIT.engineError, EXIT.thresholdsFailed, EXIT.interrupted])
    if (codes.includes(code)) return code;
  return skipped ? EXIT.interrupted : EXIT.passed;
}
