/** The plan outline: settings, scenarios and their steps. (Basic version; the tree work replaces it.) */
import { stepLabel } from '../core/steps.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function PlanTree() {
  const d = useDesigner();
  const scenarios = d.get(['scenarios']);
  const entries = scenarios !== null && typeof scenarios === 'object' ? Object.entries(scenarios as Record<string, { steps?: unknown[] }>) : [];
  return (
    <nav aria-label="Plan tree">
      <button type="button" onClick={() => d.select({ kind: 'settings', section: 'general' })}>Plan settings</button>
      <ul>
        {entries.map(([name, sc]) => (
          <li key={name}>
            <button type="button" onClick={() => d.select({ kind: 'scenario', name })}>{name}</button>
            <ul>{(sc.steps ?? []).map((s, i) => <li key={i}><button type="button" onClick={() => d.select({ kind: 'step', path: ['scenarios', name, 'steps', i] })}>{stepLabel(s)}</button></li>)}</ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
