/** An error as a user reads it: a title, the message, the contract's code, and the plan issues if any. */
import { describeError } from './errors.ts';
import { IssueList } from './IssueList.tsx';

interface Props {
  error: unknown;
  /** What was being done, e.g. "Could not import users.yaml". */
  title?: string;
  onDismiss?: () => void;
}

/** An alert box for `error`; dismissible when `onDismiss` is given. */
export function ErrorNotice({ error, title, onDismiss }: Props) {
  const shown = describeError(error);
  return (
    <div className="notice notice-error" role="alert">
      <div className="notice-body">
        <p className="notice-title">{title ?? shown.message}</p>
        {title && <p>{shown.message}</p>}
        {shown.issues.length === 0 && shown.details && <pre className="notice-details">{shown.details}</pre>}
        <IssueList issues={shown.issues} />
        {shown.code && (
          <p className="notice-code">
            Error code: <code>{shown.code}</code>
          </p>
        )}
      </div>
      {onDismiss && (
        <button type="button" className="ghost" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
