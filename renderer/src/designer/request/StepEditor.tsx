/** Editor of the selected step, by its kind: a request, a think time, a group, a batch or a flow control step. */
import type { ComponentType } from 'react';
import type { Path } from '../core/doc-path.ts';
import { stepAt, stepKind, type StepKind } from '../core/doc/index.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { BatchEditor } from './BatchEditor.tsx';
import { IfEditor } from './flow/IfEditor.tsx';
import { ForEachEditor, RepeatEditor, WhileEditor } from './flow/LoopEditors.tsx';
import { OnceEditor } from './flow/OnceEditor.tsx';
import { SwitchEditor } from './flow/SwitchEditor.tsx';
import { GroupEditor } from './GroupEditor.tsx';
import { GrpcEditor } from './grpc/GrpcEditor.tsx';
import { RequestEditor } from './RequestEditor.tsx';
import { ThinkEditor } from './ThinkEditor.tsx';
import { WebSocketEditor } from './websocket/WebSocketEditor.tsx';
import './request.css';

/** One editor per step kind (core/doc/steps.ts): a new kind does not compile until it has one. */
const EDITORS: { readonly [K in StepKind]: ComponentType<{ stepPath: Path }> } = {
  request: RequestEditor,
  think: ThinkEditor,
  group: GroupEditor,
  batch: BatchEditor,
  if: IfEditor,
  repeat: RepeatEditor,
  while: WhileEditor,
  doWhile: WhileEditor,
  forEach: ForEachEditor,
  randomSwitch: SwitchEditor,
  roundRobinSwitch: SwitchEditor,
  once: OnceEditor,
  websocket: WebSocketEditor,
  grpc: GrpcEditor,
};

/** `path` is the step's document path; a request inside a batch is `[...batchStep, 'batch', i]`. */
export function StepEditor({ path }: { path: Path }) {
  const d = useDesigner();
  const step = stepAt(d.doc, path);
  const kind = stepKind(step);
  if (kind === 'unknown') {
    return (
      <section aria-labelledby="step-unknown-title" className="req-editor">
        <h2 id="step-unknown-title">Step</h2>
        <p className="muted">
          {d.get(path) === undefined
            ? 'This step no longer exists.'
            : 'This step is not one the designer knows: fix it in the code view.'}
        </p>
      </section>
    );
  }
  const Editor = EDITORS[kind];
  // Keyed by path: another step gets fresh editors, so no draft text (JSON body, numbers, names) crosses over.
  return <Editor key={JSON.stringify(path)} stepPath={path} />;
}
