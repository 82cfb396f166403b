/**
 * Creates a Monaco editor in a container once Monaco has loaded, and disposes it (and its model) on unmount.
 * The editor is state, so the component re-renders when it exists; until then the caller shows a fallback.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type * as MonacoApi from 'monaco-editor/editor';
import { loadMonaco } from './load-monaco.ts';
import type { Monaco } from './monaco.ts';
import { currentTheme } from './theme.ts';

export type Editor = MonacoApi.editor.IStandaloneCodeEditor;

export interface MonacoEditorSetup {
  /** Model contents and language at creation; later changes are the caller's job (they know what changed). */
  value: string;
  language: string;
  /** Model URI (e.g. to match a schema); a fresh in-memory URI when absent. */
  uri?: string;
  options: MonacoApi.editor.IStandaloneEditorConstructionOptions;
}

export interface MonacoEditorState {
  monaco: Monaco | null;
  editor: Editor | null;
  error: Error | null;
}

/** `setup` is read once, when the editor is created (a new editor per mount). */
export function useMonacoEditor(
  container: RefObject<HTMLDivElement | null>,
  setup: MonacoEditorSetup,
): MonacoEditorState {
  const [state, setState] = useState<MonacoEditorState>({ monaco: null, editor: null, error: null });
  const initial = useRef(setup);
  useEffect(() => {
    let disposed = false;
    let created: Editor | undefined;
    loadMonaco().then(
      (monaco) => {
        const el = container.current;
        if (disposed || !el) return;
        const { value, language, uri, options } = initial.current;
        const modelUri = uri === undefined ? undefined : monaco.Uri.parse(uri);
        // A model left by a previous mount (StrictMode, fast remount) would make createModel throw.
        if (modelUri) monaco.editor.getModel(modelUri)?.dispose();
        const model = monaco.editor.createModel(value, language, modelUri);
        created = monaco.editor.create(el, { theme: currentTheme(), automaticLayout: true, ...options, model });
        setState({ monaco, editor: created, error: null });
      },
      (e: unknown) => {
        if (!disposed) setState({ monaco: null, editor: null, error: e instanceof Error ? e : new Error(String(e)) });
      },
    );
    return () => {
      disposed = true;
      if (created) {
        const model = created.getModel();
        created.dispose();
        model?.dispose();
      }
      setState({ monaco: null, editor: null, error: null });
    };
  }, [container]);
  return state;
}
