/**
 * Stalls a closed model hid: seconds in which the target stopped answering while the VUs waited, so the closed
 * model sent nothing and its percentiles look better than the target was (the engine's rule, docs/reports.md).
 */
import type { Stall } from './dashboard-data.ts';

/** A status box named "Stalls", or nothing when there was none. */
export function StallNotice({ stalls, running }: { stalls: readonly Stall[]; running: boolean }) {
  if (stalls.length === 0) return null;
  return (
    <div className="notice notice-warning" role="status" aria-label="Stalls">
      <div className="notice-body">
        <p className="notice-title">
          The target stalled{running ? '' : ` ${stalls.length === 1 ? 'once' : `${stalls.length} times`}`}: closed-model
          percentiles understate it
        </p>
        <ul>
          {stalls.map((s) => (
            <li key={s.atS}>{s.message}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
