/** A group step: its name (tags its requests and checks, measures group_duration); its steps are edited in the tree. */
import type { Path } from '../core/doc-path.ts';
import { TextField } from '../fields/TextField.tsx';
import { fieldId } from '../fields/useField.ts';
import { StepLinks } from './StepLinks.tsx';

export function GroupEditor({ stepPath }: { stepPath: Path }) {
  const id = fieldId(stepPath, '-group');
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>Group</h2>
      <TextField
        path={[...stepPath, 'group', 'name']}
        label="Group name"
        keepEmpty
        hint="Tags the requests and checks inside (group::name in thresholds) and measures group_duration."
      />
      <StepLinks listPath={[...stepPath, 'group', 'steps']} title="Steps in this group" />
    </section>
  );
}
