/** One line about the last Try it of this request, above the checks or extractions it previews. */
import type { TraceEntry } from '../../../../../app/contract/index.ts';

export function TrySummary({ entry, what }: { entry: TraceEntry | undefined; what: 'checks' | 'extractions' }) {
  if (!entry)
    return <p className="req-try muted">Not tried yet: use Try it to see what the {what} make of a real response.</p>;
  const list = what === 'checks' ? entry.checks : entry.extracted;
  const good = list.filter((x) => x.ok).length;
  const response = entry.response
    ? `${entry.response.status} in ${Math.round(entry.timings.duration)} ms`
    : `no response (${entry.error?.kind ?? 'error'}${entry.error ? `: ${entry.error.message}` : ''})`;
  return (
    <p className="req-try">
      <strong>Last Try:</strong> {response}
      {list.length > 0 && (
        <>
          {' '}
          ·{' '}
          {what === 'checks'
            ? `${good} of ${list.length} checks passed`
            : `${good} of ${list.length} extractions found a value`}
        </>
      )}
    </p>
  );
}
