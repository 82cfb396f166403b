/** The whole plan as YAML. (Basic version, read-only: the code-view work makes it two-way with Monaco.) */
import { stringify } from 'yaml';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { CodeEditor } from './CodeEditor.tsx';

export function CodeView() {
  const d = useDesigner();
  return <CodeEditor label="Plan YAML" language="yaml" value={stringify(d.doc)} onChange={() => undefined} readOnly height="100%" />;
}
