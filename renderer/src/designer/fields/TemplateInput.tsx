/**
 * A text field for strings that may hold ${...} expressions (URLs, header values, bodies, auth). The input is
 * transparent over a mirror that draws the same text with the expressions highlighted (a real <input> keeps
 * native editing, undo and accessibility); typing `${` opens a listbox of the names the plan can use.
 * With `expression` the whole field is one expression written without `${...}` (a flow step's condition): names
 * complete as they are typed, and the validator's messages (located in the expression) show under it.
 */
import { useLayoutEffect, useRef } from 'react';
import type { Path } from '../core/doc-path.ts';
import { CompletionList, optionId } from '../request/template/CompletionList.tsx';
import { expressionContext } from '../request/template/completions.ts';
import { templateSpans } from '../request/template/spans.ts';
import { TemplateMirror } from '../request/template/TemplateMirror.tsx';
import { useCompletion } from '../request/template/useCompletion.ts';
import { useTemplateSources } from '../request/template/useTemplateSources.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';
import '../request/request.css';

export interface TemplateInputProps {
  path: Path;
  label: string;
  placeholder?: string;
  /** Secrets (passwords, API keys): shown as dots, without the highlighted mirror. */
  masked?: boolean;
  /** Emptying the field stores '' instead of removing the key (values whose key must stay, e.g. a check's). */
  keepEmpty?: boolean;
  /** The field is one expression, without `${...}` (see above). */
  expression?: boolean;
  hint?: string;
}

export function TemplateInput({ path, label, placeholder, masked, keepEmpty, expression, hint }: TemplateInputProps) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const input = useRef<HTMLInputElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const caretAfter = useRef<number | undefined>(undefined);
  const sources = useTemplateSources();
  const completion = useCompletion(
    sources.completions,
    (next, caret) => {
      caretAfter.current = caret;
      set(next === '' && !keepEmpty ? undefined : next);
    },
    expression ? expressionContext : undefined,
  );
  const listId = `${id}-completions`;
  const syncScroll = (): void => {
    if (mirror.current && input.current) mirror.current.scrollLeft = input.current.scrollLeft;
  };
  useLayoutEffect(() => {
    // After accepting a completion the caret goes where the inserted name ends, not to the end of the text.
    if (caretAfter.current !== undefined && input.current)
      input.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = undefined;
    syncScroll();
  }, [text]);
  // Syntax the engine rejects is explained under the field until the validator has its own message for it.
  const syntax =
    issues.length === 0 && !expression
      ? templateSpans(text)
          .filter((s) => s.kind === 'error')
          .map((s) => ({ path: [...path], message: s.message ?? '' }))
      : [];
  const all = [...issues, ...syntax];
  const caretOf = (el: HTMLInputElement): number => el.selectionStart ?? el.value.length;

  return (
    <div className="field field-template">
      <label htmlFor={id}>{label}</label>
      <div className={`tpl-box${masked || expression ? ' tpl-masked' : ''}`}>
        {!masked && !expression && <TemplateMirror ref={mirror} text={text} />}
        <input
          id={id}
          ref={input}
          type={masked ? 'password' : 'text'}
          className="tpl-input mono"
          spellCheck={false}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={completion.open}
          aria-controls={completion.open ? listId : undefined}
          aria-activedescendant={completion.open ? optionId(listId, completion.active) : undefined}
          aria-invalid={all.length > 0}
          aria-describedby={all.length ? `${id}-issues` : undefined}
          onFocus={sources.refresh}
          onChange={(e) => {
            set(e.target.value === '' && !keepEmpty ? undefined : e.target.value);
            completion.update(e.target.value, caretOf(e.target), true);
          }}
          onSelect={(e) => {
            syncScroll();
            completion.update(e.currentTarget.value, caretOf(e.currentTarget), false);
          }}
          onScroll={syncScroll}
          onBlur={completion.close}
          onKeyDown={(e) => {
            if (completion.onKeyDown(e)) {
              e.preventDefault();
              e.stopPropagation();
            }
          }}
        />
        {completion.open && (
          <CompletionList
            id={listId}
            label={`Names for ${label}`}
            items={completion.items}
            active={completion.active}
            onPick={completion.accept}
          />
        )}
      </div>
      {hint && <small className="field-hint">{hint}</small>}
      <FieldIssues id={`${id}-issues`} issues={all} />
    </div>
  );
}
