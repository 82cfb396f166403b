/** "Add setup" / "Add teardown" under the tree, for a plan without them: each starts with one request, selected. */
import type { Doc } from '../core/doc-path.ts';
import { planOf } from '../core/doc/index.ts';
import type { Hook } from '../core/selection.ts';

export function AddHooks({ doc, add }: { doc: Doc; add: (hook: Hook) => void }) {
  const plan = planOf(doc);
  const missing = (['setup', 'teardown'] as const).filter((h) => plan[h] === undefined);
  if (missing.length === 0) return null;
  return (
    <p className="tree-add-hooks">
      {missing.map((h) => (
        <button
          key={h}
          type="button"
          className="ghost"
          onClick={() => add(h)}
          title={
            h === 'setup'
              ? 'Steps run once per run before the scenarios (k6 setup()): a token for every VU'
              : 'Steps run once per run after the scenarios (k6 teardown())'
          }
        >
          + Add {h}
        </button>
      ))}
    </p>
  );
}
