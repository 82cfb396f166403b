/**
 * The subprotocols a session offers (Sec-WebSocket-Protocol), typed as one list separated by commas or spaces.
 * The text is kept as typed while the field has focus, so a trailing comma does not vanish under the caret.
 */
import { useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { listOf } from '../../core/doc/index.ts';
import { issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId, useField } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { parseSubprotocols } from './actions.ts';

export function SubprotocolsField({ path }: { path: Path }) {
  const { value, set } = useField(path);
  const issues = issuesUnder(useDesigner().issues, path);
  const id = fieldId(path);
  const saved = listOf(value).map(String).join(', ');
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>Subprotocols</label>
      <input
        id={id}
        type="text"
        value={typing ?? saved}
        placeholder="chat.v1, chat.v2"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onFocus={() => setTyping(saved)}
        onBlur={() => setTyping(null)}
        onChange={(e) => {
          setTyping(e.target.value);
          const list = parseSubprotocols(e.target.value);
          set(list.length > 0 ? list : undefined);
        }}
      />
      <p id={`${id}-hint`} className="hint">
        Offered in the handshake, in this order; the server picks one (check it with a header check on
        sec-websocket-protocol).
      </p>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
