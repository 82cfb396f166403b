/**
 * A JSON body edited as text. While the text does not parse it stays as typed and the error says where; the
 * document keeps the last valid value. Valid text is written after a short pause so undo steps are words, not keys.
 */
import { useEffect, useRef, useState } from 'react';
import { CodeEditor, type CodeEditorProps } from '../../code/CodeEditor.tsx';
import type { Path } from '../../core/doc-path.ts';
import { issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { jsonToText, parseJsonText, textShows } from './json-text.ts';

const WRITE_AFTER_MS = 300;

/** `label`, `height` and `completions` for other JSON than a request body (a WebSocket message, a gRPC message). */
export function JsonBodyEditor({
  path,
  label = 'JSON body',
  height = 260,
  completions,
}: {
  path: Path;
  /** The editor's accessible name. */
  label?: string;
  height?: number;
  completions?: CodeEditorProps['completions'];
}) {
  const d = useDesigner();
  const value = d.get(path);
  const [text, setText] = useState(() => jsonToText(value));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; write(): void } | undefined>(undefined);
  const { set } = d; // keeps its identity across edits (DesignerProvider): a pending write may hold it
  const id = fieldId(path);
  const parsed = parseJsonText(text);

  // The document changed elsewhere (undo, the code view): show it, unless the text already says the same.
  useEffect(() => {
    if (!pending.current) setText((t) => (textShows(t, value) ? t : jsonToText(value)));
  }, [value]);
  // Leaving the editor writes what was typed last.
  useEffect(
    () => () => {
      const p = pending.current;
      if (p) {
        clearTimeout(p.timer);
        p.write();
      }
    },
    [],
  );

  const onChange = (next: string): void => {
    setText(next);
    const p = parseJsonText(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = undefined;
    if (!p.ok) return;
    const write = (): void => {
      pending.current = undefined;
      set(path, p.value);
    };
    pending.current = { timer: setTimeout(write, WRITE_AFTER_MS), write };
  };
  const format = (): void => {
    if (parsed.ok) onChange(jsonToText(parsed.value));
  };

  return (
    <div className="req-json">
      <div className="req-json-bar">
        <span className="hint">
          Strings may contain ${'{'}…{'}'}; a string that is exactly one expression keeps its type.
        </span>
        <button type="button" onClick={format} disabled={!parsed.ok}>
          Format JSON
        </button>
      </div>
      <CodeEditor
        label={label}
        language="json"
        height={height}
        value={text}
        onChange={onChange}
        {...(completions ? { completions } : {})}
      />
      <p id={`${id}-parse`} className={parsed.ok ? 'req-json-ok' : 'req-json-error'} aria-live="polite">
        {parsed.ok
          ? 'Valid JSON'
          : `Line ${parsed.line}, column ${parsed.column}: ${parsed.message}. The plan keeps the last valid JSON until this is fixed.`}
      </p>
      <FieldIssues id={`${id}-issues`} issues={issuesUnder(d.issues, path)} />
    </div>
  );
}
