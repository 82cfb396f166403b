/**
 * Two-way sync between the designer's plan document and the YAML editor:
 * - typing is parsed after a pause; a parseable plan replaces the document (one undo step per pause),
 *   a syntax error is shown and the document (the last valid plan) is left alone;
 * - a document change from elsewhere (form, undo, reload) rewrites the text unless the user is mid-edit.
 * Returns the problems to show: syntax errors, or the validator's issues placed in the text.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Designer } from '../state/DesignerProvider.tsx';
import { applyText } from './apply-text.ts';
import { locateIssues } from './issue-ranges.ts';
import type { Monaco } from './monaco.ts';
import { sortProblems, type TextProblem } from './problems.ts';
import { changesDocument, onExternalChange } from './sync.ts';
import type { Editor } from './useMonacoEditor.ts';
import { parsePlanYaml, planToYaml } from './yaml-text.ts';

/** The pause after which typed text is parsed and written to the plan. */
export const TYPING_PAUSE_MS = 300;

export interface PlanYamlSync {
  problems: TextProblem[];
  /** The text does not parse: the plan shown elsewhere is the last valid one. */
  broken: boolean;
}

export function usePlanYamlSync(monaco: Monaco | null, editor: Editor | null, d: Designer): PlanYamlSync {
  const shown = useRef<unknown>(d.doc); // the document the text was made from or parsed into
  const text = useRef(''); // the editor's text (set once it exists), readable after the editor is disposed
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const applying = useRef(false);
  const latest = useRef(d);
  const [syntax, setSyntax] = useState<{ broken: boolean; problems: TextProblem[] }>({ broken: false, problems: [] });
  const brokenRef = useRef(false);
  // Timers and editor events read the latest designer and syntax state; a layout effect runs before the effects
  // below that use them.
  useLayoutEffect(() => {
    latest.current = d;
    brokenRef.current = syntax.broken;
  });
  // The text the editor shows and the document it stands for, as of the last parse or rewrite: issues are placed in it.
  const [view, setView] = useState<{ text: string; doc: unknown } | null>(null);

  /** Parses the text now; writes the document only when the text parses into a different plan (then true). */
  const flush = useCallback((): boolean => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const parsed = parsePlanYaml(text.current);
    if (!parsed.ok) {
      setSyntax({ broken: true, problems: parsed.problems });
      return false;
    }
    setSyntax({ broken: false, problems: parsed.warnings });
    const cur = latest.current;
    const wrote = changesDocument(parsed.value, cur.doc);
    if (wrote) cur.edit({ kind: 'replace', doc: parsed.value });
    shown.current = wrote ? parsed.value : cur.doc;
    setView({ text: text.current, doc: shown.current });
    return wrote;
  }, []);

  /** Rewrites the text from the document when the sync rules say so (cursor and scroll stay). */
  const followDocument = useCallback(() => {
    const model = editor?.getModel();
    if (!editor || !monaco || !model) return;
    const doc = latest.current.doc;
    const action = onExternalChange({
      doc,
      shown: shown.current,
      pending: timer.current !== null,
      focused: editor.hasTextFocus(),
      broken: brokenRef.current,
    });
    if (action !== 'replace') return;
    const next = planToYaml(doc);
    applyText(monaco, editor, next, applying);
    text.current = next;
    shown.current = doc;
    setSyntax({ broken: false, problems: [] });
    setView({ text: next, doc });
  }, [editor, monaco]);

  useEffect(() => {
    if (!editor) return;
    text.current = editor.getValue();
    setView({ text: text.current, doc: shown.current });
    const typed = editor.onDidChangeModelContent(() => {
      text.current = editor.getValue();
      if (applying.current) return;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, TYPING_PAUSE_MS);
    });
    // Leaving the editor ends the pause at once (a click on the form sees the typed plan), then catches up.
    // (When the flush wrote the document, the next render brings it back: nothing to catch up.)
    const left = editor.onDidBlurEditorText(() => {
      const wrote = timer.current !== null && flush();
      if (!wrote) followDocument();
    });
    return () => {
      typed.dispose();
      left.dispose();
      if (timer.current !== null) flush(); // switching views mid-pause keeps what was typed
    };
  }, [editor, flush, followDocument]);

  useEffect(followDocument, [followDocument, d.doc]);

  const planProblems = useMemo(
    // Positions are only meaningful while the editor's text shows the validated document.
    () => (!editor || !view || syntax.broken || view.doc !== d.doc ? [] : locateIssues(view.text, d.issues)),
    [editor, view, d.issues, d.doc, syntax.broken],
  );
  const problems = useMemo(() => sortProblems([...syntax.problems, ...planProblems]), [syntax.problems, planProblems]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!monaco || !model) return;
    monaco.editor.setModelMarkers(
      model,
      'loadsmith',
      problems.map((p) => ({
        message: p.message,
        severity: p.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        startLineNumber: p.line,
        startColumn: p.column,
        endLineNumber: p.endLine,
        endColumn: p.endColumn,
        source: p.source === 'syntax' ? 'YAML' : 'Loadsmith',
      })),
    );
  }, [monaco, editor, problems]);

  return { problems, broken: syntax.broken };
}
