/**
 * The import dialog of the plan library: choose, drop or paste (first step), then preview what the import gives
 * and its report before "Create plan" (second step). A modal <dialog>: focus stays inside, Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormatChoice } from './formats.ts';
import { PreviewStep, type ImportedPlan } from './PreviewStep.tsx';
import { optionsFor, NO_OPTIONS, type FormatOptionValues, type ImportText } from './source.ts';
import { SourceStep } from './SourceStep.tsx';
import './import.css';

interface Props {
  /** A file already chosen or dropped: the dialog opens on its preview. */
  initial: ImportText | null;
  onClose: () => void;
  onCreated: (plan: ImportedPlan) => void;
}

/** Dialog named "Import a plan". */
export function ImportDialog({ initial, onClose, onCreated }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [source, setSource] = useState<ImportText | null>(initial);
  const [paste, setPaste] = useState('');
  const [choice, setChoice] = useState<FormatChoice>('auto');
  const [options, setOptions] = useState<FormatOptionValues>(initial ? optionsFor(initial) : NO_OPTIONS);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const start = (s: ImportText) => {
    setSource(s);
    setChoice('auto');
    setOptions(optionsFor(s));
  };

  return (
    <dialog ref={ref} className="confirm import-dialog" aria-labelledby={`${id}-title`} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id={`${id}-title`}>Import a plan</h2>
      {source === null
        ? <SourceStep paste={paste} onPaste={setPaste} onSource={start} onCancel={onClose} />
        : <PreviewStep key={`${source.fileName}\u0000${source.text.length}`} source={source} choice={choice} onChoice={setChoice}
            options={options} onOptions={setOptions} onBack={() => setSource(null)} onCancel={onClose} onCreated={onCreated} />}
    </dialog>
  );
}
