/** A boolean bound to a path; unchecked removes the key when the default is false (keeps plans minimal). */
import type { Path } from '../core/doc-path.ts';
import { fieldId, useField } from './useField.ts';

export function CheckboxField({
  path,
  label,
  defaultValue = false,
}: {
  path: Path;
  label: string;
  defaultValue?: boolean;
}) {
  const { value, set } = useField(path);
  const id = fieldId(path);
  const checked = typeof value === 'boolean' ? value : defaultValue;
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => set(e.target.checked === defaultValue ? undefined : e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
