/** The chosen runs that cannot be compared, each with why (still running, no summary, not found). */
import type { SetAside } from './comparable.ts';

/** A note listing the runs left out. */
export function SetAsideNote({ runs }: { runs: readonly SetAside[] }) {
  return (
    <div className="notice notice-info" role="note" aria-label="Runs left out">
      <div className="notice-body">
        <p className="notice-title">
          {runs.length === 1 ? 'One run is' : `${runs.length} runs are`} left out of the comparison:
        </p>
        <ul>
          {runs.map((r) => (
            <li key={r.id}>
              <strong>{r.name}</strong>: {r.reason}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
