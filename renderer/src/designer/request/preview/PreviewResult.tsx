/** A check's or extraction's result in the last Try: passed/failed with the reason, the value, or "changed". */
import type { CheckPreview, ExtractPreview } from './preview.ts';
import { formatValue } from './preview.ts';

const CHANGED = 'Changed since the last Try: try again to see its result.';

export function CheckResult({ id, preview }: { id: string; preview: CheckPreview }) {
  if (preview.state === 'none') return <p id={id} hidden />;
  if (preview.state === 'skipped')
    return (
      <p id={id} className="req-result req-result-changed">
        Not checked in the last Try: {preview.reason}.
      </p>
    );
  if (preview.state === 'changed')
    return (
      <p id={id} className="req-result req-result-changed">
        {CHANGED}
      </p>
    );
  const ok = preview.state === 'pass';
  return (
    <p id={id} className={`req-result ${ok ? 'req-result-ok' : 'req-result-bad'}`}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? 'Passed in the last Try' : `Failed in the last Try${preview.reason ? `: ${preview.reason}` : ''}`}
    </p>
  );
}

export function ExtractResult({ id, preview }: { id: string; preview: ExtractPreview }) {
  if (preview.state === 'none') return <p id={id} hidden />;
  if (preview.state === 'skipped')
    return (
      <p id={id} className="req-result req-result-changed">
        Not extracted in the last Try: {preview.reason}.
      </p>
    );
  if (preview.state === 'changed')
    return (
      <p id={id} className="req-result req-result-changed">
        {CHANGED}
      </p>
    );
  if (preview.state === 'fail') {
    return (
      <p id={id} className="req-result req-result-bad">
        <span aria-hidden="true">✗ </span>Nothing extracted in the last Try{preview.reason ? `: ${preview.reason}` : ''}
      </p>
    );
  }
  return (
    <p id={id} className="req-result req-result-ok">
      <span aria-hidden="true">✓ </span>Last Try:{' '}
      <code className="req-value-preview">{formatValue(preview.value)}</code>
    </p>
  );
}
