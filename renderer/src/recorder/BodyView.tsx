/** A request or response body: text (JSON indented, long text cut until "Show all"), or why it is not shown. */
import { useState } from 'react';
import type { Entry } from '../../../app/contract/recordings.ts';
import { fmtBytes, fmtCount } from '../format/numbers.ts';
import { bodyPreview, readableBody } from './body-text.ts';

type Body = Entry['request']['body'];

/** A <pre> named `label` ("Response body"), or a line saying there is none. */
export function BodyView({ label, body, mimeType }: { label: string; body: Body; mimeType: string }) {
  const [all, setAll] = useState(false);
  if (!body || (body.size === 0 && !body.text)) return <p className="muted small">{label}: empty</p>;
  if (body.omitted)
    return (
      <p className="muted small">
        {label}: {fmtBytes(body.size)}, not kept ({body.omitted})
      </p>
    );
  if (body.text === null)
    return (
      <p className="muted small">
        {label}: {fmtBytes(body.size)} of binary data
      </p>
    );
  const { shown, hidden } = bodyPreview(readableBody(body.text, mimeType), all);
  return (
    <div className="entry-body">
      <pre className="code body-text" aria-label={label} tabIndex={0}>
        {shown}
      </pre>
      {hidden > 0 && (
        <button type="button" className="ghost" onClick={() => setAll(true)}>
          Show all ({fmtCount(hidden)} more characters)
        </button>
      )}
      {body.truncated && (
        <p className="text-warn small">Cut at the 1 MiB a recording keeps (the body had {fmtBytes(body.size)}).</p>
      )}
    </div>
  );
}
