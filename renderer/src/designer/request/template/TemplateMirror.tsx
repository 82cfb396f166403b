/** The coloured copy of a template field's text drawn behind the (transparent) input: `${...}` spans stand out. */
import { useMemo, type Ref } from 'react';
import { templateSpans } from './spans.ts';

/** Renders `text` with its expressions highlighted; aria-hidden, the input carries the meaning. */
export function TemplateMirror({ text, ref }: { text: string; ref?: Ref<HTMLDivElement> }) {
  const spans = useMemo(() => templateSpans(text), [text]);
  return (
    <div ref={ref} className="tpl-mirror mono" aria-hidden="true">
      {spans.map((s) => (
        <span key={s.start} className={`tpl-${s.kind}`}>
          {text.slice(s.start, s.end)}
        </span>
      ))}
      {/* Something after a trailing space, so the mirror is exactly as wide as the input's text. */}
      {'\u200b'}
    </div>
  );
}
