/** A timestamp: local and short on screen, exact in the tooltip and machine-readable. */
import { fmtDateTime, fmtDateTimeCompact } from '../format/time.ts';

/** Renders an ISO time, or a dash for null. `compact` (tables) drops the date for today. */
export function Time({ iso, compact = false }: { iso: string | null; compact?: boolean }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={fmtDateTime(iso)}>
      {compact ? fmtDateTimeCompact(iso) : fmtDateTime(iso)}
    </time>
  );
}
