/** The settings sections as a small nav; the current one is marked (aria-current) and its issues counted. */
import type { SettingsSection } from '../core/selection.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

/** Section, its title, and the top-level plan keys it edits (to count validator issues). */
export const SECTIONS: readonly { section: SettingsSection; title: string; keys: readonly string[] }[] = [
  { section: 'general', title: 'General', keys: ['name', 'description', 'version'] },
  { section: 'defaults', title: 'Defaults', keys: ['defaults'] },
  { section: 'variables', title: 'Variables', keys: ['variables'] },
  { section: 'data', title: 'Data files', keys: ['data'] },
  { section: 'thresholds', title: 'Thresholds', keys: ['thresholds'] },
];

export function SectionNav({ current }: { current: SettingsSection }) {
  const d = useDesigner();
  return (
    <nav className="settings-nav" aria-label="Settings sections">
      <ul>
        {SECTIONS.map((s) => {
          const problems = d.issues.filter((i) => typeof i.path[0] === 'string' && s.keys.includes(i.path[0])).length;
          return (
            <li key={s.section}>
              <button
                type="button"
                aria-current={s.section === current ? 'true' : undefined}
                onClick={() => d.select({ kind: 'settings', section: s.section })}
              >
                {s.title}
                {problems > 0 && (
                  <span className="settings-nav-count" aria-label={`${problems} problem${problems === 1 ? '' : 's'}`}>
                    {problems}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
