/**
 * A receive: what message it waits for (the next one, the first a jsonPath or body check accepts, or the first a
 * condition holds for), how long, and the checks and extractions on that message, with the same forms as a
 * response's. Messages before the awaited one are read and skipped.
 */
import type { Path } from '../../core/doc-path.ts';
import { objectOf } from '../../core/doc/index.ts';
import { DurationField } from '../../fields/DurationField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ChecksEditor } from '../checks/ChecksEditor.tsx';
import { OpRows } from '../checks/OpRows.tsx';
import { ExtractEditor } from '../extract/ExtractEditor.tsx';
import { ConditionField } from '../flow/ConditionField.tsx';
import { receiveDefaultName, waitKind, withWait, type WaitKind } from './actions.ts';

const WAITS: readonly { kind: WaitKind; label: string }[] = [
  { kind: 'next', label: 'The next message' },
  { kind: 'match', label: 'A message that matches' },
  { kind: 'condition', label: 'A message where a condition holds' },
];

const MESSAGE_CHECKS = ['jsonPath', 'body'] as const;
const MESSAGE_EXTRACTS = ['jsonPath', 'regex', 'boundary'] as const;

export function ReceiveEditor({ receivePath, index }: { receivePath: Path; index: number }) {
  const d = useDesigner();
  const receive = objectOf(d.get(receivePath)) ?? {};
  const wait = waitKind(receive);
  const match = objectOf(receive.match);
  const n = index + 1;
  const id = fieldId(receivePath);
  return (
    <div className="ws-receive">
      <div className="req-row">
        <TextField
          path={[...receivePath, 'name']}
          label={`Action ${n} name`}
          placeholder={receiveDefaultName(index)}
          hint="Names its checks and errors."
        />
        <DurationField path={[...receivePath, 'timeout']} label={`Action ${n} timeout`} placeholder="10s" />
      </div>
      <fieldset className="req-segmented">
        <legend>{`Action ${n} waits for`}</legend>
        {WAITS.map((w) => (
          <label key={w.kind} className={wait === w.kind ? 'on' : undefined}>
            <input
              type="radio"
              name={`${id}-wait`}
              checked={wait === w.kind}
              onChange={() => d.set(receivePath, withWait(receive, w.kind))}
            />
            {w.label}
          </label>
        ))}
      </fieldset>
      {wait === 'match' && (
        <div className="ws-match">
          <div className="field">
            <label htmlFor={`${id}-match-kind`}>{`Action ${n} match on`}</label>
            <select
              id={`${id}-match-kind`}
              value={match && 'body' in match ? 'body' : 'jsonPath'}
              onChange={(e) =>
                d.set(
                  [...receivePath, 'match'],
                  e.target.value === 'body' ? { body: { contains: '' } } : { jsonPath: '$.type', equals: '' },
                )
              }
            >
              <option value="jsonPath">JSON path</option>
              <option value="body">Text</option>
            </select>
          </div>
          {match && 'body' in match ? (
            <OpRows checkPath={[...receivePath, 'match']} kind="body" />
          ) : (
            <>
              <TextField
                path={[...receivePath, 'match', 'jsonPath']}
                label={`Action ${n} match JSON path`}
                keepEmpty
                placeholder="$.type"
                className="req-subject"
              />
              <OpRows checkPath={[...receivePath, 'match']} kind="jsonPath" />
            </>
          )}
        </div>
      )}
      {wait === 'condition' && (
        <ConditionField
          path={[...receivePath, 'condition']}
          label={`Action ${n} condition`}
          placeholder='message.type == "message" && message.from == me'
          hint="An expression without ${...}; message is the message received (parsed when it is JSON)."
        />
      )}
      <h4 className="ws-sub">Checks on the message</h4>
      <ChecksEditor
        requestPath={receivePath}
        kinds={MESSAGE_CHECKS}
        hint="Checks on the message received; they feed the checks metric, named after this receive."
      />
      <h4 className="ws-sub">Extract from the message</h4>
      <ExtractEditor requestPath={receivePath} kinds={MESSAGE_EXTRACTS} />
    </div>
  );
}
