/**
 * A text field for strings that may hold ${...} expressions (URLs, header values, bodies). This basic version
 * offers known variables as completions; the request editor work enhances it with highlighting.
 */
import type { Path } from '../core/doc-path.ts';
import { knownVariables } from '../core/steps.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';

export function TemplateInput({ path, label, placeholder }: { path: Path; label: string; placeholder?: string }) {
  const d = useDesigner();
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  return (
    <div className="field field-template">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" className="mono" spellCheck={false} value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
        placeholder={placeholder} list={`${id}-vars`} aria-invalid={issues.length > 0} aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)} />
      <datalist id={`${id}-vars`}>{knownVariables(d.doc).map((v) => <option key={v} value={`\${${v}}`} />)}</datalist>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
