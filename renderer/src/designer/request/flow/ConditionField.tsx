/** A flow step's condition (or list, or count): one expression without `${...}`, with completion and located errors. */
import type { Path } from '../../core/doc-path.ts';
import { TemplateInput } from '../../fields/TemplateInput.tsx';

const HINT =
  'An expression, without ${...}: status() == 200, len(items) > 0, isSet(next) && index < 5. Ctrl+Space lists the names.';

export function ConditionField({
  path,
  label,
  placeholder,
  hint,
}: {
  path: Path;
  label: string;
  placeholder: string;
  hint?: string;
}) {
  return <TemplateInput path={path} label={label} placeholder={placeholder} keepEmpty expression hint={hint ?? HINT} />;
}
