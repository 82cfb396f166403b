/**
 * A conversion report: one section per group (not imported / changed / secrets moved to variables / for
 * information), each note with where it comes from. Long groups are collapsible; information starts collapsed.
 */
import type { ConvertNote } from '../../../../app/contract/plans.ts';
import { groupNotes, type NoteGroupId } from './report.ts';
import './import.css';

interface Props {
  notes: readonly ConvertNote[];
  direction?: 'import' | 'export';
  /** Groups shown collapsed at first. */
  collapsed?: readonly NoteGroupId[];
}

/** Regions named after their group ("Not imported", "Secrets moved to variables"...), each a list of notes. */
export function NoteGroups({ notes, direction = 'import', collapsed = ['info'] }: Props) {
  const groups = groupNotes(notes, direction);
  if (groups.length === 0) return <p className="muted">Nothing to report: everything was converted as it was.</p>;
  return (
    <div className="note-groups">
      {groups.map((g) => (
        <details key={g.id} className={`note-group note-group-${g.id}`} open={!collapsed.includes(g.id)}>
          <summary>{g.title} ({g.notes.length})</summary>
          <ul role="list" aria-label={g.title}>
            {g.notes.map((n, i) => (
              <li key={i}>
                <span className="note-where">{n.where}</span>
                <span className="note-message">{n.message}</span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
