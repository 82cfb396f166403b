/** Expected statuses as one line (`200-299, 304, 4xx`); anything else counts in http_req_failed. */
import { useEffect, useId, useState } from 'react';
import type { Path } from '../core/doc-path.ts';
import { issuesUnder } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { formatStatuses, parseStatuses } from './statuses.ts';

export function ExpectedStatusesField({ path }: { path: Path }) {
  const d = useDesigner();
  const id = useId();
  const value = d.get(path);
  // The text is kept while it does not parse ("200-"), and replaced when the document changes elsewhere.
  const [text, setText] = useState(() => formatStatuses(value));
  useEffect(() => {
    setText((t) => {
      const r = parseStatuses(t);
      return 'value' in r && formatStatuses(r.value) === formatStatuses(value) ? t : formatStatuses(value);
    });
  }, [value]);
  const parsed = parseStatuses(text);
  const issues = 'error' in parsed ? [{ path: [...path], message: parsed.error }] : issuesUnder(d.issues, path);
  return (
    <div className="field">
      <label htmlFor={id}>Expected statuses</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={text}
        placeholder="default 200-399"
        spellCheck={false}
        aria-invalid={issues.length > 0}
        aria-describedby={`${id}-hint${issues.length ? ` ${id}-issues` : ''}`}
        onChange={(e) => {
          setText(e.target.value);
          const r = parseStatuses(e.target.value);
          if ('value' in r) d.set(path, r.value);
        }}
      />
      <small id={`${id}-hint`} className="field-hint">
        Codes, ranges or families, e.g. 200-299, 304, 4xx. Other statuses count as failed requests.
      </small>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
