/** The toggles of one of a request's maps (headers or query), wired to the document as single edits. */
import type { Path } from '../../core/doc-path.ts';
import { requestAt } from '../../core/doc/index.ts';
import type { RowToggles } from '../../fields/KeyValueTable.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { isOff, withRemoved, withRenamed, withToggle, type ToggleKind } from './toggles.ts';

export function useRowToggles(requestPath: Path, kind: ToggleKind): RowToggles {
  const d = useDesigner();
  const req = requestAt(d.doc, requestPath) ?? {};
  return {
    isOn: (name) => !isOff(req, kind, name),
    set: (name, on) => d.set(requestPath, withToggle(req, kind, name, on)),
    rename: (from, to) => d.set(requestPath, withRenamed(req, kind, from, to)),
    remove: (name) => d.set(requestPath, withRemoved(req, kind, name)),
  };
}
