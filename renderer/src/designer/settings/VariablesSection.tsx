/** Plan variables: ordered name -> value; values may be templates, evaluated once per VU in order. */
import { Section } from '../../ui/Section.tsx';
import { KeyValueTable } from '../fields/KeyValueTable.tsx';

export function VariablesSection() {
  return (
    <Section title="Variables" className="settings-section">
      <p className="hint">
        Use a variable anywhere as <code>{'${name}'}</code>. Values may contain expressions such as{' '}
        <code>{'${uuid()}'}</code> or <code>{'${env.USER_PREFIX}'}</code>: they are evaluated{' '}
        <strong>once per VU</strong>, top to bottom, so a variable may use the ones above it. Values extracted from
        responses replace a variable of the same name for that VU.
      </p>
      <KeyValueTable path={['variables']} label="Variables" />
    </Section>
  );
}
