/** Plan settings: one section at a time (general, defaults, variables, data files, thresholds), chosen in the nav. */
import type { SettingsSection } from '../core/selection.ts';
import { DataSection } from './data/DataSection.tsx';
import { DefaultsSection } from './DefaultsSection.tsx';
import { GeneralSection } from './GeneralSection.tsx';
import { SectionNav } from './SectionNav.tsx';
import { ThresholdsSection } from './thresholds/ThresholdsSection.tsx';
import { VariablesSection } from './VariablesSection.tsx';
import './settings.css';

export function SettingsPanel({ section }: { section: SettingsSection }) {
  return (
    <div className="settings-panel">
      <SectionNav current={section} />
      {section === 'general' && <GeneralSection />}
      {section === 'defaults' && <DefaultsSection />}
      {section === 'variables' && <VariablesSection />}
      {section === 'data' && <DataSection />}
      {section === 'thresholds' && <ThresholdsSection />}
    </div>
  );
}
