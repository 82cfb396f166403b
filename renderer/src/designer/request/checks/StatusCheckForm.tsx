/** A status check: one code, any of several, a range, or a class such as 2xx. */
import type { Check } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, objectOf } from '../../core/doc/index.ts';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { StatusListField } from '../options/StatusListField.tsx';
import { convertStatus, statusMode, type StatusMode } from './model.ts';

const MODES: readonly { mode: StatusMode; label: string }[] = [
  { mode: 'code', label: 'is the code' },
  { mode: 'list', label: 'is one of the codes' },
  { mode: 'range', label: 'is in the range' },
  { mode: 'class', label: 'is in the class' },
];

export function StatusCheckForm({ checkPath }: { checkPath: Path }) {
  const d = useDesigner();
  const path = [...checkPath, 'status'];
  const value = objectOf(draftAt<Check>(d.doc, checkPath))?.status;
  const mode = statusMode(value);
  const id = fieldId(path);
  return (
    <div className="req-row">
      <div className="field">
        <label htmlFor={`${id}-mode`}>Status</label>
        <select
          id={`${id}-mode`}
          value={mode}
          onChange={(e) => d.set(path, convertStatus(value, e.target.value as StatusMode))}
        >
          {MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      {mode === 'code' && <NumberInput path={path} label="Status code" integer min={100} max={599} />}
      {mode === 'list' && (
        <StatusListField path={path} label="Status codes" placeholder="200, 201" allowRanges={false} required />
      )}
      {mode === 'range' && (
        <>
          <NumberInput path={[...path, 'min']} label="Lowest status" integer min={100} max={599} />
          <NumberInput path={[...path, 'max']} label="Highest status" integer min={100} max={599} />
        </>
      )}
      {mode === 'class' && (
        <div className="field">
          <label htmlFor={`${id}-class`}>Status class</label>
          <select
            id={`${id}-class`}
            value={typeof value === 'string' ? value : '2xx'}
            onChange={(e) => d.set(path, e.target.value)}
          >
            {['1xx', '2xx', '3xx', '4xx', '5xx'].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
