/**
 * The conditions of a header, jsonPath, body or duration check: one row per operator present (all must hold),
 * each with its operator, its value and a remove button, then a way to add one of the unused operators.
 */
import { useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, objectOf, type AnyObject } from '../../core/doc/index.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { withKey } from '../body/body.ts';
import { CHECK_OPS, defaultOpValue, opsBase, replaceOp, type CheckKind } from './model.ts';
import { OpValue } from './OpValue.tsx';

type OpKind = Exclude<CheckKind, 'status'>;

const NO_CONDITION: Record<OpKind, string> = {
  header: 'No condition: the header must exist.',
  jsonPath: 'No condition: the path must match something.',
  body: 'No condition: any body passes.',
  duration: 'Add a limit for the duration.',
};

export function OpRows({ checkPath, kind }: { checkPath: Path; kind: OpKind }) {
  const d = useDesigner();
  const base = [...checkPath, ...opsBase(kind)];
  // The check itself (header, jsonPath) or its body or duration object: its operators are read by name (CHECK_OPS).
  const obj: AnyObject = objectOf(draftAt<unknown>(d.doc, base)) ?? {};
  const ops = CHECK_OPS[kind];
  const present = ops.filter((o) => obj[o.op] !== undefined);
  const unused = ops.filter((o) => obj[o.op] === undefined);
  const [adding, setAdding] = useState('');
  const toAdd = unused.find((o) => o.op === adding) ?? unused[0];
  // New operators go after the check's key and the other operators, before its name (as people write checks).
  const order = [kind, ...ops.map((o) => o.op), 'name'];

  return (
    <div className="req-ops">
      {present.length === 0 && <p className="hint">{NO_CONDITION[kind]}</p>}
      {present.map((o, i) => (
        <div key={o.op} className="req-op-row">
          <select
            aria-label={`Condition ${i + 1}`}
            value={o.op}
            onChange={(e) => {
              const to = ops.find((x) => x.op === e.target.value);
              if (to)
                d.set(base, replaceOp(obj, o.op, to.op, to.type === o.type ? obj[o.op] : defaultOpValue(to.type)));
            }}
          >
            {[o, ...unused].map((x) => (
              <option key={x.op} value={x.op}>
                {x.label}
              </option>
            ))}
          </select>
          <OpValue path={[...base, o.op]} type={o.type} label={o.label.charAt(0).toUpperCase() + o.label.slice(1)} />
          <button
            type="button"
            className="ghost"
            aria-label={`Remove condition ${o.label}`}
            onClick={() => d.edit({ kind: 'delete', path: [...base, o.op] })}
          >
            ✕
          </button>
        </div>
      ))}
      {toAdd && (
        <div className="req-op-add">
          <select aria-label="New condition" value={toAdd.op} onChange={(e) => setAdding(e.target.value)}>
            {unused.map((x) => (
              <option key={x.op} value={x.op}>
                {x.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => d.set(base, withKey<AnyObject, string>(obj, toAdd.op, defaultOpValue(toAdd.type), order))}
          >
            Add condition
          </button>
        </div>
      )}
    </div>
  );
}
