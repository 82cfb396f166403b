/**
 * When a plan's test is planned to end: the last scenario's startTime plus its duration (an iteration-based
 * scenario's maxDuration), without the graceful stops, which only count when iterations are still running then.
 * The progress line shows it as the total; RunInfo.maxDurationMs stays the bound, graceful stops included.
 */
import type { Plan } from '../plan/schema/index.ts';
import { regularDurationMs, startTimeMs } from '../plan/schedule.ts';

export function plannedEndMs(plan: Plan): number {
  return Math.max(0, ...Object.values(plan.scenarios).map((s) => startTimeMs(s) + regularDurationMs(s)));
}
