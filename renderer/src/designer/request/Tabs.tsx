/**
 * Accessible tabs (WAI-ARIA tabs pattern: arrow keys, Home/End, one tab stop). Only the active panel is rendered;
 * the chosen tab is remembered per `memory` key so that selecting another request keeps the same section open.
 */
import type { ReactNode } from 'react';
import { useTabs } from '../../ui/useTabs.ts';
import { useTabMemory } from '../state/TabMemory.tsx';

export interface Tab {
  id: string;
  label: string;
  /** A count shown after the label (not part of the accessible name, which stays stable). */
  count?: number;
  /** The section has validation problems. */
  problems?: number;
  render(): ReactNode;
}

export function Tabs({
  tabs,
  label,
  memory,
  idPrefix,
}: {
  tabs: readonly Tab[];
  label: string;
  memory: string;
  idPrefix: string;
}) {
  const remembered = useTabMemory(memory);
  const { active, choose, onKeyDown } = useTabs(
    tabs,
    () => remembered.chosen() ?? tabs[0]?.id ?? '',
    remembered.remember,
    idPrefix,
  );
  if (!active) return null;
  return (
    <div className="req-tabs">
      <div role="tablist" aria-label={label} className="req-tablist">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={t.id === active.id}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={t.id === active.id ? 0 : -1}
            aria-describedby={t.problems ? `${idPrefix}-tab-${t.id}-problems` : undefined}
            onClick={() => choose(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
            {t.count ? (
              <span className="req-tab-count" aria-hidden="true">
                {t.count}
              </span>
            ) : null}
            {t.problems ? (
              <span className="req-tab-problems" aria-hidden="true" title={`${t.problems} problem(s)`}>
                ●
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {/* Outside the tabs, so "3 problems" describes a tab without changing its name. */}
      <div hidden>
        {tabs
          .filter((t) => t.problems)
          .map((t) => (
            <span key={t.id} id={`${idPrefix}-tab-${t.id}-problems`}>
              {t.problems === 1 ? '1 problem' : `${t.problems} problems`}
            </span>
          ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${active.id}`}
        aria-labelledby={`${idPrefix}-tab-${active.id}`}
        className="req-tabpanel"
      >
        {active.render()}
      </div>
    </div>
  );
}
