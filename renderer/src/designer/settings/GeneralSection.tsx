/** General settings: the plan's name and description, and the load profile of the whole plan. */
import { Section } from '../../ui/Section.tsx';
import { LoadProfile } from '../profile/LoadProfile.tsx';
import { TextField } from '../fields/TextField.tsx';
import { DescriptionField } from './DescriptionField.tsx';

export function GeneralSection() {
  return (
    <Section title="General" className="settings-section">
      <TextField path={['name']} label="Plan name" keepEmpty hint="Shown in run summaries and reports." />
      <DescriptionField />
      <h3>Load profile</h3>
      <LoadProfile />
    </Section>
  );
}
