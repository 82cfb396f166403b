/**
 * A compact code editor (request bodies and the like): Monaco with the given language, loaded on demand.
 * While Monaco loads (or if it cannot), a plain textarea with the same label keeps the value editable.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { applyText } from './apply-text.ts';
import { Echoes } from './echoes.ts';
import { useMonacoEditor } from './useMonacoEditor.ts';
import './code.css';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: 'json' | 'yaml' | 'plaintext';
  /** The accessible name of the editor. */
  label: string;
  height?: number | string;
  readOnly?: boolean;
  /** Completion items at the caret, from the text before it (e.g. a gRPC message's field names). */
  completions?: (before: string) => readonly CodeCompletion[];
}

/** One completion: `insertText` replaces the word at the caret, or the `replace` characters before it. */
export interface CodeCompletion {
  label: string;
  insertText: string;
  replace?: number;
  detail: string;
  kind: 'field' | 'value';
}

export function CodeEditor({
  value,
  onChange,
  language,
  label,
  height = 200,
  readOnly = false,
  completions,
}: CodeEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const changed = useEffectEvent((text: string) => onChange(text));
  const { monaco, editor } = useMonacoEditor(box, {
    value,
    language,
    options: {
      ariaLabel: label,
      readOnly,
      minimap: { enabled: false },
      lineNumbers: 'on',
      lineNumbersMinChars: 3,
      folding: true,
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      tabSize: 2,
      fontSize: 13,
      renderLineHighlight: 'none',
      acceptSuggestionOnEnter: 'off', // Enter ends the line; Tab accepts a completion
      overviewRulerLanes: 0,
      fixedOverflowWidgets: true,
    },
  });

  const applying = useRef(false);
  const echoes = useRef(new Echoes());
  useEffect(() => {
    if (!editor) return;
    const sub = editor.onDidChangeModelContent(() => {
      // applyText below is the prop coming in, not the user typing: do not echo it back.
      if (applying.current) return;
      const text = editor.getValue();
      echoes.current.sentValue(text);
      changed(text);
    });
    return () => sub.dispose();
  }, [editor]);

  useEffect(() => {
    // The value changed from outside (another field, undo): take it. Our own typing coming back is skipped, even
    // when it is a few keys stale; a no-op when the editor already has the value.
    if (monaco && editor && !echoes.current.isEcho(value)) applyText(monaco, editor, value, applying);
  }, [monaco, editor, value]);

  // Monaco's providers are per language: this one answers for this editor's model only, with the latest function.
  const complete = useEffectEvent((before: string) => completions?.(before) ?? []);
  const completes = completions !== undefined;
  useEffect(() => {
    if (!monaco || !editor || !completes) return;
    const sub = monaco.languages.registerCompletionItemProvider(language, {
      triggerCharacters: ['"'],
      provideCompletionItems(model, position) {
        if (model !== editor.getModel()) return { suggestions: [] };
        const before = model.getValueInRange({
          startLineNumber: 1,
          startColumn: 1,
          endLineNumber: position.lineNumber,
          endColumn: position.column,
        });
        const word = model.getWordUntilPosition(position);
        const range = {
          startLineNumber: position.lineNumber,
          endLineNumber: position.lineNumber,
          startColumn: word.startColumn,
          endColumn: word.endColumn,
        };
        const { Field, EnumMember } = monaco.languages.CompletionItemKind;
        return {
          suggestions: complete(before).map((c, i) => ({
            label: c.label,
            ...(c.replace !== undefined
              ? {
                  filterText: c.insertText,
                  range: { ...range, startColumn: Math.max(1, position.column - c.replace) },
                }
              : { range }),
            // Ahead of the language's own ($schema for JSON), in the order given.
            sortText: `!${String(i).padStart(4, '0')}`,
            insertText: c.insertText,
            detail: c.detail,
            kind: c.kind === 'field' ? Field : EnumMember,
          })),
        };
      },
    });
    return () => sub.dispose();
  }, [monaco, editor, language, completes]);

  useEffect(() => {
    editor?.updateOptions({ readOnly, ariaLabel: label });
  }, [editor, readOnly, label]);

  useEffect(() => {
    const model = editor?.getModel();
    if (monaco && model && model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
  }, [monaco, editor, language]);

  return (
    <div className="code-editor" style={{ height }}>
      <div ref={box} className="code-editor-monaco" />
      {!editor && (
        // Until Monaco is there (or if it could not load), the value stays readable and editable.
        <textarea
          aria-label={label}
          className="mono code-editor-fallback"
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
