/** Editor of the selected step. (Basic version: the request editor work replaces it.) */
import type { Path } from '../core/doc-path.ts';
import { TemplateInput } from '../fields/TemplateInput.tsx';
import { TextField } from '../fields/TextField.tsx';

export function StepEditor({ path }: { path: Path }) {
  return (
    <section aria-label="Step">
      <TextField path={[...path, 'request', 'name']} label="Request name" />
      <TemplateInput path={[...path, 'request', 'url']} label="URL" />
    </section>
  );
}
