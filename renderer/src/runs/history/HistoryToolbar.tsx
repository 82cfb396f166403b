/** Above the history: filters by plan and label, how many runs are selected, "Compare" and "Delete". */
import type { HistoryFilter } from './selection.ts';
import { NO_LABEL } from './selection.ts';
import { runsText } from './DeleteRunsDialog.tsx';
import './history.css';

interface Props {
  filter: HistoryFilter;
  choices: { plans: string[]; labels: string[]; unlabelled: boolean };
  onFilter: (f: HistoryFilter) => void;
  selected: number;
  onCompare: () => void;
  onDelete: () => void;
}

/** Toolbar "History actions": comboboxes "Runs of" (plan) and "With label" (names that do not
 * clash with the start form's "Plan"); buttons "Compare", "Delete". */
export function HistoryToolbar({ filter, choices, onFilter, selected, onCompare, onDelete }: Props) {
  return (
    <div className="toolbar history-toolbar" role="toolbar" aria-label="History actions">
      <label className="inline-label">
        Runs of
        <select value={filter.plan} onChange={(e) => onFilter({ ...filter, plan: e.target.value })}>
          <option value="">All plans</option>
          {choices.plans.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-label">
        With label
        <select value={filter.label} onChange={(e) => onFilter({ ...filter, label: e.target.value })}>
          <option value="">All labels</option>
          {choices.unlabelled && <option value={NO_LABEL}>No label</option>}
          {choices.labels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <span className="toolbar-spacer" />
      <span className="muted" role="status">
        {selected === 0 ? 'Tick runs to compare or delete them' : `${runsText(selected)} selected`}
      </span>
      <button
        type="button"
        className="primary"
        onClick={onCompare}
        disabled={selected < 2}
        title={selected < 2 ? 'Select two or more runs' : 'Overlaid charts and the changes from the first selected run'}
      >
        Compare
      </button>
      <button type="button" className="danger" onClick={onDelete} disabled={selected === 0}>
        Delete
      </button>
    </div>
  );
}
