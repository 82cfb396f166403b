/** A regular expression bound to a path, checked as it is typed (JavaScript syntax, as the engine uses). */
import type { Path } from '../../core/doc-path.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';

/** Why `source` is not a regular expression, or undefined. */
export function regexProblem(source: string): string | undefined {
  if (source === '') return 'write a regular expression';
  try {
    new RegExp(source);
    return undefined;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: /, '');
  }
}

export function RegexInput({ path, label, placeholder }: { path: Path; label: string; placeholder?: string }) {
  const d = useDesigner();
  const value = d.get(path);
  const text = typeof value === 'string' ? value : '';
  const id = fieldId(path);
  const problem = regexProblem(text);
  const issues = problem ? [{ path: [...path], message: problem }] : issuesAt(d.issues, path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        // '' rather than removing the key: the row (and the check's kind) stays while the user retypes.
        onChange={(e) => d.set(path, e.target.value)}
      />
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
