/** Plan settings. (Basic version: the settings work replaces it.) */
import type { SettingsSection } from '../core/selection.ts';
import { TextField } from '../fields/TextField.tsx';

export function SettingsPanel({ section }: { section: SettingsSection }) {
  return (
    <section aria-label={`Plan settings: ${section}`}>
      <TextField path={['name']} label="Plan name" keepEmpty />
      <TextField path={['defaults', 'baseUrl']} label="Base URL" />
    </section>
  );
}
