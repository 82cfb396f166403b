/** Setting or clearing a run's series label, checked as the contract checks it. */
import { useEffect, useState, type FormEvent } from 'react';
import type { RunRow } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import type { Messages } from '../../ui/messages.ts';
import { parseLabel } from './label.ts';

interface Props {
  run: RunRow;
  report: Messages['push'];
  onChanged: () => void;
}

/** Form "Series label": textbox "Label", buttons "Save label" and (when set) "Clear label". */
export function LabelForm({ run, report, onChanged }: Props) {
  const client = useClient();
  const [text, setText] = useState(run.label ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(run.label ?? '');
  }, [run.label]);

  const save = async (label: string | null) => {
    setBusy(true);
    try {
      await client.call('runs.label', { id: run.id, label });
      report({
        kind: 'info',
        content: label ? (
          <>
            Labelled <strong>{label}</strong>.
          </>
        ) : (
          'Label cleared.'
        ),
      });
      onChanged();
    } catch (error) {
      report({ kind: 'error', title: 'Could not change the label', error });
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLabel(text);
    setProblem(parsed.ok ? null : parsed.problem);
    if (parsed.ok) void save(parsed.label);
  };

  return (
    <form className="inline-form label-form" aria-label="Series label" onSubmit={submit} noValidate>
      <label htmlFor={`label-${run.id}`} className="inline-label">
        Label
      </label>
      <input
        id={`label-${run.id}`}
        value={text}
        placeholder="e.g. http2"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `label-problem-${run.id}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
      />
      <button type="submit" disabled={busy}>
        Save label
      </button>
      {run.label && (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setText('');
            setProblem(null);
            void save(null);
          }}
        >
          Clear label
        </button>
      )}
      {problem && (
        <span id={`label-problem-${run.id}`} className="text-bad small" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
