/** The value input of one check condition, by the condition's type; labelled "Check N <condition>". */
import type { Path } from '../../core/doc-path.ts';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { RegexInput } from '../inputs/RegexInput.tsx';
import { ValueInput } from '../inputs/ValueInput.tsx';
import { DurationInput } from '../inputs/DurationInput.tsx';
import type { OpType } from './model.ts';

export function OpValue({ path, type, label }: { path: Path; type: OpType; label: string }) {
  const d = useDesigner();
  switch (type) {
    case 'boolean': {
      const id = fieldId(path);
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            value={d.get(path) === false ? 'false' : 'true'}
            onChange={(e) => d.set(path, e.target.value === 'true')}
          >
            <option value="true">yes</option>
            <option value="false">no (must be absent)</option>
          </select>
        </div>
      );
    }
    case 'template':
      return <TemplateInput path={path} label={label} keepEmpty />;
    case 'regex':
      return <RegexInput path={path} label={label} placeholder="^ok$" />;
    case 'any':
      return <ValueInput path={path} label={label} />;
    case 'number':
      return <NumberInput path={path} label={label} />;
    case 'int':
      return <NumberInput path={path} label={label} integer min={0} />;
    case 'duration':
      return <DurationInput path={path} label={label} />;
  }
}
