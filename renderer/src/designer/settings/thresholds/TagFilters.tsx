/**
 * The tag filters of a threshold key: one row per `tag:value`, the tag from those the metric allows, the value
 * typed or picked from the plan's own values. A value is written into the key when the field is left (or on
 * Enter), so typing does not rename the key at every keystroke.
 */
import { useId, useState } from 'react';
import { tagValueProblem, type KeyParts } from './threshold-key.ts';

interface Props {
  parts: KeyParts;
  allowed: readonly string[];
  values: Record<string, string[]>;
  onChange(next: KeyParts): void;
}

export function TagFilters({ parts, allowed, values, onChange }: Props) {
  const id = useId();
  // The values being typed. Whenever the key changes (a value is written, undo, the code view) they are the key's
  // values again, at once in this render (React's "adjusting state when a prop changes"; parts is new every render,
  // its text is what counts). Keeping the old drafts for a key that comes back would show stale text after undo.
  const signature = parts.tags.map(([t, v]) => `${t}:${v}`).join(',');
  const [typing, setTyping] = useState({ signature, drafts: parts.tags.map(([, v]) => v) });
  if (typing.signature !== signature) setTyping({ signature, drafts: parts.tags.map(([, v]) => v) });
  const drafts = typing.signature === signature ? typing.drafts : parts.tags.map(([, v]) => v);
  const setDraft = (i: number, text: string): void =>
    setTyping({ signature, drafts: drafts.map((x, j) => (j === i ? text : x)) });
  const withTag = (i: number, tag: string, value: string): KeyParts => ({
    metric: parts.metric,
    tags: parts.tags.map((tv, j): [string, string] => (j === i ? [tag, value] : tv)),
  });
  const unused = allowed.filter((t) => !parts.tags.some(([u]) => u === t));
  const add = (): void => {
    const tag = unused[0];
    if (tag) onChange({ metric: parts.metric, tags: [...parts.tags, [tag, values[tag]?.[0] ?? '']] });
  };

  return (
    <div className="tag-filters" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Tag filters</h4>
      {parts.tags.length === 0 && (
        <p className="hint">None: the threshold covers every {allowed.length ? 'request' : 'sample'} of this metric.</p>
      )}
      {parts.tags.map(([tag, value], i) => {
        const draft = drafts[i] ?? value;
        const problem = tagValueProblem(draft);
        const commit = (): void => {
          if (draft !== value && !problem) onChange(withTag(i, tag, draft));
        };
        const options = allowed.includes(tag) ? allowed : [tag, ...allowed];
        return (
          <div key={i} className="tag-filter">
            <select
              aria-label={`Tag of filter ${i + 1}`}
              value={tag}
              onChange={(e) => onChange(withTag(i, e.target.value, draft))}
            >
              {options.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <span aria-hidden="true">:</span>
            <input
              aria-label={`Value of filter ${i + 1} (${tag})`}
              className="mono"
              value={draft}
              list={`${id}-${tag}`}
              spellCheck={false}
              aria-invalid={problem !== undefined}
              onChange={(e) => setDraft(i, e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
              }}
            />
            <datalist id={`${id}-${tag}`}>
              {(values[tag] ?? []).map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
            <button
              type="button"
              aria-label={`Remove filter ${i + 1} (${tag})`}
              onClick={() => onChange({ metric: parts.metric, tags: parts.tags.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
            {problem && <span className="field-issues">{problem}</span>}
          </div>
        );
      })}
      <button
        type="button"
        onClick={add}
        disabled={unused.length === 0}
        title={allowed.length === 0 ? 'This metric has no tags' : undefined}
      >
        Add tag filter
      </button>
    </div>
  );
}
