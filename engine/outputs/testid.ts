/** The `testid` label of a run's streamed series (kept apart from streams.ts, which loads every output's code). */
import type { Env } from './config.ts';

/** A run's `testid`: LOADSMITH_TESTID when set, else defaultTestId. */
export function runTestId(planName: string, env: Env): string {
  const given = env.LOADSMITH_TESTID?.trim();
  return given ? given : defaultTestId(planName, new Date());
}

/** `users-api-baseline-20250102-130405-k3f9`: readable, and distinct per run (repeats may start in one second). */
export function defaultTestId(
  planName: string,
  at: Date,
  suffix = Math.random().toString(36).slice(2, 6).padEnd(4, '0'),
): string {
  const slug =
    planName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'run';
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${slug}-${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}-${suffix}`;
}
