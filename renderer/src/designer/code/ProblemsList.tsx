/**
 * The "YAML problems" region under the editor: every problem with its line:column; choosing one moves the
 * editor's cursor there. The count is announced politely (not each message, which would chatter while typing).
 */
import { issuePath } from '../../ui/errors.ts';
import { problemWhere, type TextProblem } from './problems.ts';

export interface ProblemsListProps {
  problems: readonly TextProblem[];
  broken: boolean;
  onPick(problem: TextProblem): void;
}

export function ProblemsList({ problems, broken, onPick }: ProblemsListProps) {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const summary =
    problems.length === 0
      ? 'No problems.'
      : [
          errors && `${errors} error${errors === 1 ? '' : 's'}`,
          warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`,
        ]
          .filter(Boolean)
          .join(', ') + '.';
  return (
    <section className="code-problems" aria-label="YAML problems">
      <p className="code-problems-summary" aria-live="polite">
        {summary}
        {broken && ' The YAML does not parse: the plan keeps its last valid version until it does.'}
      </p>
      {problems.length > 0 && (
        <ul className="code-problems-list">
          {problems.map((p, i) => (
            <li key={`${i}:${p.line}:${p.column}`} className={`code-problem code-problem-${p.severity}`}>
              <button type="button" className="code-problem-go" onClick={() => onPick(p)}>
                {/* Spaces between the parts: the button's accessible name is their text run together. */}
                <span className="code-problem-where mono">{problemWhere(p)}</span>{' '}
                {p.path && p.path.length > 0 && (
                  <>
                    <code className="code-problem-path">{issuePath(p.path)}</code>{' '}
                  </>
                )}
                <span className="code-problem-message">
                  {p.severity === 'warning' ? 'Warning: ' : ''}
                  {p.message}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
