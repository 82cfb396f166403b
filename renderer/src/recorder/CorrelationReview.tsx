/**
 * The second step of "Create a plan": the correlations found and the typed values to make unique (accept or reject
 * each; the preview follows), the environment variables the plan will read, the conversion notes, the plan as
 * YAML, and the plan's name.
 */
import { useId, useMemo } from 'react';
import { stringify } from 'yaml';
import type {
  CorrelationProposal,
  EntrySummary,
  PlanProposal,
  UniqueValueProposal,
} from '../../../app/contract/recordings.ts';
import { NoteGroups } from '../plans/import/NoteGroups.tsx';
import { initialAccepted } from './correlation-choices.ts';
import { CorrelationTable } from './CorrelationTable.tsx';
import { UniqueValueTable } from './UniqueValueTable.tsx';

interface Props {
  /** The latest preview (with the accepted correlations applied). */
  proposal: PlanProposal;
  /** The correlations of the first proposal: ids are stable, so the rows do not move as the preview updates. */
  correlations: readonly CorrelationProposal[];
  entries: ReadonlyMap<number, EntrySummary>;
  accepted: readonly string[];
  onAccepted: (ids: string[]) => void;
  /** The typed values of the first proposal, and those the user makes unique. */
  uniqueValues: readonly UniqueValueProposal[];
  unique: readonly string[];
  onUnique: (ids: string[]) => void;
  updating: boolean;
  name: string;
  onName: (name: string) => void;
}

export function CorrelationReview({
  proposal,
  correlations,
  entries,
  accepted,
  onAccepted,
  uniqueValues,
  unique,
  onUnique,
  updating,
  name,
  onName,
}: Props) {
  const id = useId();
  const yaml = useMemo(() => stringify(proposal.plan, { lineWidth: 0 }), [proposal.plan]);
  return (
    <div className="convert-review">
      <p className="convert-summary">
        {proposal.requests} request{proposal.requests === 1 ? '' : 's'} · {correlations.length} correlation
        {correlations.length === 1 ? '' : 's'} found · {accepted.length} accepted
        <span className="muted small" role="status" aria-live="polite">
          {updating ? ' · updating the preview…' : ''}
        </span>
      </p>
      <section aria-labelledby={`${id}-corr`}>
        <h3 id={`${id}-corr`}>Correlations</h3>
        {correlations.length === 0 ? (
          <p className="muted">
            No value a response produced is sent back by a later request: the plan replays the requests as recorded.
          </p>
        ) : (
          <>
            <p className="hint">
              Each accepted value is extracted from the response that produced it on every run and sent as{' '}
              <code>{'${variable}'}</code> where it was used. Reject a proposal if the value was really constant.
            </p>
            <div className="toolbar correlation-toolbar">
              <button type="button" onClick={() => onAccepted(correlations.map((c) => c.id))}>
                Accept all
              </button>
              <button type="button" onClick={() => onAccepted([])}>
                Reject all
              </button>
              <button type="button" onClick={() => onAccepted(initialAccepted(correlations))}>
                Suggested only
              </button>
            </div>
            <CorrelationTable
              correlations={correlations}
              accepted={accepted}
              onAccepted={onAccepted}
              entries={entries}
            />
          </>
        )}
      </section>
      {uniqueValues.length > 0 && (
        <section aria-labelledby={`${id}-unique`}>
          <h3 id={`${id}-unique`}>Typed values</h3>
          <p className="hint">
            Values typed into a form that creates something. Most applications refuse a name that exists already (it
            does since the recording): sent unique, every iteration creates a new one. The submission's checks fail when
            the form is refused.
          </p>
          <UniqueValueTable values={uniqueValues} accepted={unique} onAccepted={onUnique} entries={entries} />
        </section>
      )}
      <section aria-labelledby={`${id}-vars`}>
        <h3 id={`${id}-vars`}>Environment variables to set</h3>
        {proposal.variables.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="convert-variables" aria-label="Environment variables">
            {proposal.variables.map((v) => (
              <li key={v}>
                <code>{v}</code>{' '}
                <span className="muted">
                  {v === 'BASE_URL'
                    ? 'where requests go (default: the recorded address)'
                    : 'a credential kept out of the plan: set it in an environment, marked secret'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-notes`}>
        <h3 id={`${id}-notes`}>Conversion notes</h3>
        <NoteGroups notes={proposal.notes} />
      </section>
      <details className="plan-preview">
        <summary>Plan preview (YAML)</summary>
        <pre className="code" aria-label="Plan preview" tabIndex={0}>
          {yaml}
        </pre>
      </details>
      <div className="field convert-name">
        <label htmlFor={`${id}-name`}>Plan name</label>
        <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => onName(e.target.value)} />
      </div>
    </div>
  );
}
