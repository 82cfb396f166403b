/**
 * Typed values of forms that create something: each row shows the field, the value as recorded and what a replay
 * sends instead (`Editors-${uuid()}`), with "Make <field> unique". A replay that sends the recorded name again is
 * refused by most applications (the name exists since the recording), and the submission's checks fail.
 */
import type { EntrySummary, UniqueValueProposal } from '../../../app/contract/recordings.ts';
import { entryLabel, setAccepted } from './correlation-choices.ts';

interface Props {
  values: readonly UniqueValueProposal[];
  accepted: readonly string[];
  onAccepted: (ids: string[]) => void;
  entries: ReadonlyMap<number, EntrySummary>;
}

/** Table "Typed values": a row per field; checkbox "Make <field> unique". */
export function UniqueValueTable({ values, accepted, onAccepted, entries }: Props) {
  return (
    <div className="table-wrap">
      <table className="table correlation-table" aria-label="Typed values">
        <thead>
          <tr>
            <th scope="col">Unique</th>
            <th scope="col">Field</th>
            <th scope="col">Recorded</th>
            <th scope="col">Sent on a replay</th>
            <th scope="col">Form sent by</th>
          </tr>
        </thead>
        <tbody>
          {values.map((u) => {
            const on = accepted.includes(u.id);
            return (
              <tr key={u.id} className={on ? undefined : 'correlation-rejected'}>
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={`Make ${u.field} unique`}
                    checked={on}
                    onChange={(e) => onAccepted(setAccepted(accepted, values, u.id, e.target.checked))}
                  />
                </td>
                <th scope="row">
                  <code>{u.field}</code>
                </th>
                <td>
                  <code className="correlation-value">{u.value}</code>
                </td>
                <td>
                  <code className="correlation-value">{on ? u.replacement : u.value}</code>
                  {u.suggested && <span className="muted small"> suggested</span>}
                </td>
                <td>{entryLabel(u.entryId, entries)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
