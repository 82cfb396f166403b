/** The variables the next Try it starts from (values extracted by the last Try it or Validate), with Clear. */
import type { Variables } from './format.ts';

export function VariablesBar({ variables, onClear }: { variables: Readonly<Variables>; onClear(): void }) {
  const names = Object.keys(variables);
  if (names.length === 0) return null;
  return (
    <p className="try-variables">
      {/* Names only: extracted values are often tokens. */}
      Variables from the last run: <span className="mono">{names.join(', ')}</span>{' '}
      <button
        type="button"
        className="ghost"
        onClick={onClear}
        title="Forget them: the next Try it starts from the plan's variables only"
      >
        Clear
      </button>
    </p>
  );
}
