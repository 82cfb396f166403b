/** A read-only view of a plan document as YAML or JSON (until the designer replaces it). */
import { useId, useMemo, useState } from 'react';
import { stringify } from 'yaml';

/** Radio group "Format" (YAML/JSON) and the document text in a region named "Plan document". */
export function DocumentPreview({ document }: { document: unknown }) {
  const [format, setFormat] = useState<'yaml' | 'json'>('yaml');
  const id = useId();
  const text = useMemo(() => {
    if (format === 'json') return JSON.stringify(document, null, 2) ?? '';
    try {
      return stringify(document, { lineWidth: 0 });
    } catch {
      return JSON.stringify(document, null, 2) ?? '';
    }
  }, [document, format]);
  return (
    <>
      <fieldset className="format-choice">
        <legend className="visually-hidden">Format</legend>
        {(['yaml', 'json'] as const).map((f) => (
          <label key={f} className="choice">
            <input type="radio" name={`${id}-format`} value={f} checked={format === f} onChange={() => setFormat(f)} />
            {f.toUpperCase()}
          </label>
        ))}
      </fieldset>
      <pre className="code" role="region" aria-label="Plan document" tabIndex={0}>{text}</pre>
    </>
  );
}
