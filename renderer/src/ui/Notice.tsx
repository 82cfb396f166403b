/** A non-error message (an export that succeeded, a run that started), announced politely. */
import type { ReactNode } from 'react';

/** A dismissible status box. */
export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className="notice notice-info" role="status">
      <div className="notice-body">{children}</div>
      {onDismiss && (
        <button type="button" className="ghost" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
