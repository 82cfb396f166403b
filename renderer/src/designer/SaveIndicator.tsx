/** Autosave state, always visible: saved (revision), saving, unsaved, error, or a conflict with a way out. */
import { useDesigner } from './state/DesignerProvider.tsx';

export function SaveIndicator() {
  const d = useDesigner();
  const s = d.save;
  return (
    <span className={`save-state save-${s.status}`} role="status" aria-label="Save state">
      {s.status === 'saved' && `Saved · revision ${s.revision}`}
      {s.status === 'unsaved' && 'Unsaved changes'}
      {s.status === 'saving' && 'Saving…'}
      {s.status === 'error' && `Not saved: ${s.message}`}
      {s.status === 'conflict' && (
        <>
          Saved elsewhere meanwhile.{' '}
          <button type="button" onClick={() => void d.reload()}>
            Reload
          </button>
        </>
      )}
    </span>
  );
}
