/** Defaults every request gets: base URL, headers, auth, timeout, HTTP options and metric tags. */
import { Section } from '../../ui/Section.tsx';
import { DurationField } from '../fields/DurationField.tsx';
import { KeyValueTable } from '../fields/KeyValueTable.tsx';
import { TemplateInput } from '../fields/TemplateInput.tsx';
import { AuthForm } from './AuthForm.tsx';
import { COMMON_HEADERS } from './header-names.ts';
import { HttpOptionsFields } from './HttpOptionsFields.tsx';

export function DefaultsSection() {
  return (
    <Section title="Defaults" className="settings-section">
      <p className="hint">Applied to every request; a request's own value wins.</p>
      <TemplateInput
        path={['defaults', 'baseUrl']}
        label="Base URL"
        placeholder="${env.BASE_URL:-http://127.0.0.1:3000}"
      />
      <p className="hint field-after">Relative request URLs are appended to it (its path is kept).</p>
      <KeyValueTable path={['defaults', 'headers']} label="Headers" keySuggestions={COMMON_HEADERS} />
      <AuthForm path={['defaults', 'auth']} />
      <DurationField path={['defaults', 'timeout']} label="Timeout" placeholder="default 60s" />
      <HttpOptionsFields />
      <KeyValueTable path={['defaults', 'tags']} label="Tags" keyLabel="Tag" />
      <p className="hint">Tags are added to every HTTP metric; thresholds can filter by them.</p>
    </Section>
  );
}
