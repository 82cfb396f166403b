/**
 * The whole plan as YAML in Monaco, two-way with the form (see usePlanYamlSync), checked against the plan
 * schema while typing (monaco-yaml: completion, hover) and by the designer's validator (problems list).
 */
import { useRef, useState } from 'react';
import { useDesigner } from '../state/DesignerProvider.tsx';
import type { TextProblem } from './problems.ts';
import { ProblemsList } from './ProblemsList.tsx';
import { usePlanYamlSync } from './usePlanYamlSync.ts';
import { useMonacoEditor } from './useMonacoEditor.ts';
import { planToYaml } from './yaml-text.ts';
import './code.css';

const EDITOR_LABEL = 'Plan YAML editor';

export function CodeView() {
  const d = useDesigner();
  const box = useRef<HTMLDivElement>(null);
  // The editor starts from the document as it is now; later changes arrive through usePlanYamlSync.
  const [initialText] = useState(() => planToYaml(d.doc));
  const { monaco, editor, error } = useMonacoEditor(box, {
    value: initialText,
    language: 'yaml',
    // `.plan.yaml` is what monaco-yaml matches to the plan schema.
    uri: `file:///loadsmith/${encodeURIComponent(d.planId)}.plan.yaml`,
    options: {
      ariaLabel: EDITOR_LABEL,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      insertSpaces: true,
      fontSize: 13,
      fixedOverflowWidgets: true,
      quickSuggestions: { other: true, comments: false, strings: true },
      // Enter ends the line: it must never swap a complete value for a fuzzy match (`5s` became `500ms`). Tab accepts.
      acceptSuggestionOnEnter: 'off',
    },
  });
  const { problems, broken } = usePlanYamlSync(monaco, editor, d);

  const pick = (p: TextProblem): void => {
    if (!editor) return;
    editor.setPosition({ lineNumber: p.line, column: p.column });
    editor.revealPositionInCenterIfOutsideViewport({ lineNumber: p.line, column: p.column });
    editor.focus();
  };

  return (
    <div className="code-view">
      <div className="code-view-head">
        <h2 className="code-view-title">Plan as YAML</h2>
        <button type="button" className="code-view-focus" onClick={() => editor?.focus()} disabled={!editor}>
          Edit YAML
        </button>
      </div>
      <p className="code-view-hint">
        Typing applies after a short pause; YAML that does not parse never replaces the plan. Comments are lost when the
        form changes the plan. Ctrl+Space: complete (Tab accepts) · F8: next problem · Ctrl+M: Tab leaves the editor.
      </p>
      <div className="code-view-editor">
        <div ref={box} className="code-editor-monaco" />
        {!editor && (
          <p className="code-view-loading" role={error ? 'alert' : 'status'}>
            {error ? `The YAML editor could not load: ${error.message}` : 'Loading the YAML editor…'}
          </p>
        )}
      </div>
      <ProblemsList problems={problems} broken={broken} onPick={pick} />
    </div>
  );
}
