/**
 * The Validate inspector: every request of the iteration in order (scenario › group › name, status, time,
 * checks passed and failed), the selected one in full, and the problems that are not one request's.
 */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { fmtMs } from '../../format/numbers.ts';
import { EntryDetail } from './EntryDetail.tsx';
import { checkCounts, entryTitle, errorTitle, statusTone } from './format.ts';
import type { ValidateResult } from './try-store.ts';

interface Props {
  result: ValidateResult;
  selected: number;
  onSelect(index: number): void;
  onShowStep(entry: TraceEntry): void;
}

export function ValidationView({ result, selected, onSelect, onShowStep }: Props) {
  const { entries, errors } = result;
  const checks = entries.reduce((n, e) => n + e.checks.length, 0);
  const passed = entries.reduce((n, e) => n + checkCounts(e).passed, 0);
  const current = entries[selected];
  return (
    <div className="try-validation">
      <p className="try-validation-summary">
        Validated in {fmtMs(result.durationMs)}: {entries.length} request{entries.length === 1 ? '' : 's'}
        {checks > 0 && <>, {passed} of {checks} checks passed</>}
        {errors.length > 0 && <>, {errors.length} problem{errors.length === 1 ? '' : 's'}</>}.
      </p>
      {errors.length > 0 && (
        <ul className="try-validation-errors" aria-label="Validation problems">
          {errors.map((e, i) => <li key={i}>{e.scenario && <strong>{e.scenario}: </strong>}{e.message}</li>)}
        </ul>
      )}
      <div className="try-inspector">
        <ol className="try-steps" aria-label="Validation steps">
          {entries.map((e, i) => <StepItem key={i} entry={e} current={i === selected} onSelect={() => onSelect(i)} />)}
        </ol>
        {current ? <EntryDetail entry={current} onShowStep={() => onShowStep(current)} />
          : <p className="try-muted">No request was sent.</p>}
      </div>
    </div>
  );
}

function StepItem({ entry, current, onSelect }: { entry: TraceEntry; current: boolean; onSelect(): void }) {
  const { passed, failed } = checkCounts(entry);
  const res = entry.response;
  return (
    <li>
      <button type="button" aria-current={current ? 'true' : undefined} onClick={onSelect} className="try-step">
        <span className="try-step-title" title={entryTitle(entry)}>{entryTitle(entry)}</span>
        <span className={`try-status ${res ? statusTone(res.status) : 'bad'}`} title={res ? undefined : errorTitle(entry.error?.kind ?? 'other')}>{res ? res.status : (entry.error?.kind ?? 'error')}</span>
        {res && <span className="try-step-time">{fmtMs(entry.timings.duration)}</span>}
        {entry.checks.length > 0 && (
          <span className="try-step-checks">
            <span className="good">✓{passed}</span>{failed > 0 && <span className="bad"> ✗{failed}</span>}
          </span>
        )}
      </button>
    </li>
  );
}
