/** The plan's data files (feeders): each row feeds ${data.NAME.COLUMN}; add, edit, preview and remove them. */
import { useId } from 'react';
import { Section } from '../../../ui/Section.tsx';
import { keysOf, planOf } from '../../core/doc/index.ts';
import { useLoad } from '../../../ui/hooks.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { GrantedFolders } from '../../files/GrantedFolders.tsx';
import { AddDataFile } from './AddDataFile.tsx';
import { FeederEditor } from './FeederEditor.tsx';

export function DataSection() {
  const d = useDesigner();
  const listId = useId();
  const stored = useLoad((c) => c.call('files.list', {}), 'files');
  const names = keysOf(planOf(d.doc).data);
  return (
    <Section title="Data files" className="settings-section">
      <p className="hint">
        CSV (with a header row) or JSON (an array of objects). A request uses the current row&apos;s column as{' '}
        <code>{'${data.NAME.COLUMN}'}</code>. Sequential: each VU walks the rows in order; random: any row; unique: each
        row once in the whole run.
      </p>
      <datalist id={listId}>
        {(stored.data ?? []).map((f) => (
          <option key={f.path} value={f.path} />
        ))}
      </datalist>
      {names.length === 0 && <p className="empty">No data files yet.</p>}
      {/* Keyed by position: renaming a feeder keeps its place and must not remount (and lose focus). */}
      {names.map((name, i) => (
        <FeederEditor key={i} name={name} others={names.filter((n) => n !== name)} storedListId={listId} />
      ))}
      <AddDataFile stored={stored.data ?? []} onStored={stored.reload} />
      <GrantedFolders />
    </Section>
  );
}
