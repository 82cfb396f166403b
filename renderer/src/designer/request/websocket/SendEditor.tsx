/**
 * A send's message: text (with ${...}), JSON (strings inside may hold ${...}) or binary (its bytes in base64).
 * Text is written as a plain string, the short form people write; switching kinds carries the content over.
 */
import type { Path } from '../../core/doc-path.ts';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { JsonBodyEditor } from '../body/JsonBodyEditor.tsx';
import { messageKind, switchMessage, type MessageKind } from './actions.ts';

const KINDS: readonly { kind: MessageKind; label: string }[] = [
  { kind: 'text', label: 'Text' },
  { kind: 'json', label: 'JSON' },
  { kind: 'binary', label: 'Binary (base64)' },
];

export function SendEditor({ sendPath, n }: { sendPath: Path; n: number }) {
  const d = useDesigner();
  const send = d.get(sendPath);
  const kind = messageKind(send);
  const id = fieldId(sendPath);
  return (
    <div className="ws-send">
      <fieldset className="req-segmented">
        <legend>{`Action ${n} message`}</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className={kind === k.kind ? 'on' : undefined}>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k.kind}
              onChange={() => d.set(sendPath, switchMessage(send, k.kind))}
            />
            {k.label}
          </label>
        ))}
      </fieldset>
      {kind === 'text' && (
        <TemplateInput
          path={typeof send === 'string' ? sendPath : [...sendPath, 'text']}
          label={`Action ${n} text`}
          placeholder="hello ${vu}"
          keepEmpty
        />
      )}
      {kind === 'json' && <JsonBodyEditor path={[...sendPath, 'json']} label={`Action ${n} JSON`} height={140} />}
      {kind === 'binary' && (
        <TemplateInput
          path={[...sendPath, 'binary']}
          label={`Action ${n} bytes (base64)`}
          placeholder="AAECAw=="
          keepEmpty
          hint="The message's bytes in base64; ${base64(...)} encodes text."
        />
      )}
      {kind === undefined && (
        <p className="muted">This message is not one the editor knows; fix it in the code view.</p>
      )}
    </div>
  );
}
