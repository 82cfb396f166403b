/**
 * Everything a designer panel needs, through useDesigner(): the document, edit/undo/redo, the selection, the
 * validation issues, the autosave state and the chosen environment. The document is the single source of
 * truth: the form panels and the code view both read it and both write it with edits.
 */
import { createContext, useCallback, useContext, useMemo, useReducer, useState, type ReactNode } from 'react';
import type { Plan } from 'loadsmith/plan';
import type { LiteralCredential, PlanIssue } from '../../../../app/contract/index.ts';
import type { Path } from '../core/doc-path.ts';
import { getIn } from '../core/doc-path.ts';
import { asDraft, type PlanDoc } from '../core/doc/index.ts';
import type { Edit } from '../core/edits.ts';
import type { Selection } from '../core/selection.ts';
import { validate } from '../core/validation.ts';
import { initState, reducer } from './reducer.ts';
import { useAutosave, type SaveState } from './useAutosave.ts';

export interface Designer {
  planId: string;
  /** The plan being edited, as a draft: read it through core/doc. */
  doc: PlanDoc;
  get(path: Path): unknown;
  edit(edit: Edit): void;
  /** Shorthand for edit({ kind: 'set' }); undefined removes the key. */
  set(path: Path, value: unknown): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  selection: Selection;
  select(selection: Selection): void;
  valid: boolean;
  issues: PlanIssue[];
  save: SaveState;
  /** Reload from the store (after a conflict): local edits since the last save are dropped. */
  reload(): Promise<void>;
  /** Credentials the stored plan holds in clear (tokens, passwords, credential headers). */
  credentials: readonly LiteralCredential[];
  environmentId: string | null;
  setEnvironmentId(id: string | null): void;
}

const DesignerContext = createContext<Designer | null>(null);

export function DesignerProvider(props: {
  planId: string;
  document: unknown;
  revision: number;
  credentials: readonly LiteralCredential[];
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(reducer, props.document, initState);
  const [environmentId, setEnvironmentId] = useState<string | null>(null);
  const doc = asDraft<Plan>(state.history.present);
  const validation = useMemo(() => validate(doc), [doc]);
  const load = useCallback((d: unknown) => dispatch({ type: 'load', doc: d }), []);
  const { save, reload, credentials } = useAutosave(props.planId, doc, props.revision, props.credentials, load);
  // The commands only dispatch, so they keep their identity: a timer or an effect may hold one across edits.
  const commands = useMemo(
    () => ({
      edit: (edit: Edit) => dispatch({ type: 'edit', edit, now: Date.now() }),
      set: (path: Path, v: unknown) =>
        dispatch({ type: 'edit', edit: { kind: 'set', path, value: v }, now: Date.now() }),
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      select: (selection: Selection) => dispatch({ type: 'select', selection }),
    }),
    [],
  );

  const value = useMemo<Designer>(
    () => ({
      planId: props.planId,
      doc,
      get: (path) => getIn(doc, path),
      ...commands,
      canUndo: state.history.past.length > 0,
      canRedo: state.history.future.length > 0,
      selection: state.selection,
      valid: validation.valid,
      issues: validation.issues,
      save,
      reload,
      credentials,
      environmentId,
      setEnvironmentId,
    }),
    [
      props.planId,
      doc,
      commands,
      state.history.past.length,
      state.history.future.length,
      state.selection,
      validation,
      save,
      reload,
      credentials,
      environmentId,
    ],
  );

  return <DesignerContext.Provider value={value}>{props.children}</DesignerContext.Provider>;
}

export function useDesigner(): Designer {
  const d = useContext(DesignerContext);
  if (!d) throw new Error('useDesigner() needs a <DesignerProvider> above it');
  return d;
}
