/** A group step: its name (tags its requests and checks, measures group_duration); its steps are edited in the tree. */
import type { Path } from '../core/doc-path.ts';
import { stepsAt } from '../core/doc/index.ts';
import { stepLabel } from '../core/steps.ts';
import { TextField } from '../fields/TextField.tsx';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function GroupEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const stepsPath = [...stepPath, 'group', 'steps'];
  const list = stepsAt(d.doc, stepsPath);
  const id = fieldId(stepPath, '-group');
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>Group</h2>
      <TextField path={[...stepPath, 'group', 'name']} label="Group name" keepEmpty
        hint="Tags the requests and checks inside (group::name in thresholds) and measures group_duration." />
      <h3 id={`${id}-steps`}>Steps in this group</h3>
      {list.length === 0 ? <p className="muted">No steps yet: add them in the outline.</p> : (
        <ol className="req-step-links" aria-labelledby={`${id}-steps`}>
          {list.map((s, i) => (
            <li key={i}>
              <button type="button" className="ghost" onClick={() => d.select({ kind: 'step', path: [...stepsPath, i] })}>{stepLabel(s)}</button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
