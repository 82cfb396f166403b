/**
 * Inline rename in a tree row: Enter applies, Escape cancels, leaving the field applies a valid name (and drops an
 * invalid one). The problem with a name is shown as it is typed.
 */
import { useEffect, useId, useRef, useState } from 'react';

interface Props {
  label: string;
  initial: string;
  placeholder?: string | undefined;
  /** Applies the name, or returns what is wrong with it. */
  commit(value: string): string | null;
  /** The field closes: `refocus` after Enter or Escape (focus goes back to the tree), not after a blur. */
  close(refocus: boolean): void;
  /** Checks without applying, as the user types. */
  check(value: string): string | null;
}

export function RenameInput({ label, initial, placeholder, commit, close, check }: Props) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (apply: boolean, refocus: boolean): void => {
    if (done.current) return;
    const p = apply ? commit(value) : null;
    if (p) {
      setProblem(p);
      return;
    }
    done.current = true;
    close(refocus);
  };

  return (
    <span className="tree-rename">
      <input
        ref={ref}
        aria-label={label}
        value={value}
        placeholder={placeholder}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(check(e.target.value));
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true, true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false, true);
          }
        }}
        onBlur={() => finish(check(value) === null, false)}
        onClick={(e) => e.stopPropagation()}
      />
      {problem && (
        <span id={errorId} className="tree-problem" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
