/**
 * The correlations proposed: for each, the variable, the value (secrets show their first characters only), where
 * it is produced (entry, source, extraction), where it is used (entries and places), confidence, and "Accept".
 */
import type { CorrelationProposal, EntrySummary } from '../../../app/contract/recordings.ts';
import { entryLabel, extractorText, setAccepted, sourceText, usageText } from './correlation-choices.ts';

interface Props {
  correlations: readonly CorrelationProposal[];
  accepted: readonly string[];
  onAccepted: (ids: string[]) => void;
  entries: ReadonlyMap<number, EntrySummary>;
}

const CONFIDENCE_BADGE = { high: 'badge-good', medium: 'badge-warn', low: '' } as const;

/** Table "Correlations": a row per proposal named by its variable; checkbox "Accept <variable>". */
export function CorrelationTable({ correlations, accepted, onAccepted, entries }: Props) {
  return (
    <div className="table-wrap">
      <table className="table correlation-table" aria-label="Correlations">
        <thead>
          <tr>
            <th scope="col">Accept</th>
            <th scope="col">Variable</th>
            <th scope="col">Value</th>
            <th scope="col">Produced by</th>
            <th scope="col">Used by</th>
            <th scope="col">Confidence</th>
          </tr>
        </thead>
        <tbody>
          {correlations.map((c) => {
            const on = accepted.includes(c.id);
            return (
              <tr key={c.id} className={on ? undefined : 'correlation-rejected'}>
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={`Accept ${c.variable}`}
                    checked={on}
                    onChange={(e) => onAccepted(setAccepted(accepted, correlations, c.id, e.target.checked))}
                  />
                </td>
                <th scope="row">
                  <code>{c.variable}</code>
                </th>
                <td>
                  <code className="correlation-value" title={`${c.valueLength} characters`}>
                    {c.preview}
                  </code>
                </td>
                <td>
                  <div>{entryLabel(c.source.entryId, entries)}</div>
                  <div className="muted small">
                    {sourceText(c)} → <code>{extractorText(c.source.extractor)}</code>
                  </div>
                </td>
                <td>
                  <ul className="correlation-uses">
                    {c.uses.map((u, i) => (
                      <li key={i}>
                        {entryLabel(u.entryId, entries)} <span className="muted small">· {usageText(u)}</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <span className={`badge ${CONFIDENCE_BADGE[c.confidence]}`}>{c.confidence}</span>
                  {c.suggested && <span className="muted small"> suggested</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
