/**
 * Tabs of a response (WAI-ARIA tabs: arrow keys, Home/End, one tab stop). The chosen tab is kept across
 * responses, so after Try it the user sees the same section again. Counts are not part of the tab names.
 */
import type { ReactNode } from 'react';
import { useTabs } from '../../ui/useTabs.ts';
import { useTabMemory } from '../state/TabMemory.tsx';

export interface ResultTab {
  id: string;
  label: string;
  badge?: string;
  tone?: 'good' | 'bad';
  render(): ReactNode;
}

export function ResultTabs({ tabs, idPrefix }: { tabs: readonly ResultTab[]; idPrefix: string }) {
  const remembered = useTabMemory('response');
  const { active, choose, onKeyDown } = useTabs(
    tabs,
    () => remembered.chosen() ?? 'body',
    remembered.remember,
    idPrefix,
  );
  if (!active) return null;
  return (
    <div className="try-tabs">
      <div role="tablist" aria-label="Response details" className="try-tablist">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={t.id === active.id}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={t.id === active.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
            {t.badge !== undefined && (
              <span className={`try-badge ${t.tone ?? ''}`} aria-hidden="true">
                {t.badge}
              </span>
            )}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${active.id}`}
        className="try-tabpanel"
        tabIndex={0}
      >
        {active.render()}
      </div>
    </div>
  );
}
