/** One variable: name, value (secrets as "●●●● (set)" with "Replace"), secret checkbox, remove. */
import { showsStoredSecret, withSecret, type VariableDraft } from './draft.ts';

interface Props {
  variable: VariableDraft;
  onChange: (v: VariableDraft) => void;
  onRemove: () => void;
}

/** Textboxes "Variable name" / "Variable value", checkbox "Secret", buttons "Replace", "Keep current", "Remove". */
export function VariableRow({ variable: v, onChange, onRemove }: Props) {
  return (
    <tr>
      <td>
        <input
          aria-label="Variable name"
          value={v.name}
          spellCheck={false}
          autoComplete="off"
          className="mono"
          onChange={(e) => onChange({ ...v, name: e.target.value })}
        />
      </td>
      <td>
        {showsStoredSecret(v) ? (
          <span className="secret-set">
            <span aria-label="Secret value set">●●●● (set)</span>
            <button type="button" onClick={() => onChange({ ...v, replacing: true, value: '' })}>
              Replace
            </button>
          </span>
        ) : (
          <span className="value-edit">
            <input
              aria-label="Variable value"
              type={v.secret ? 'password' : 'text'}
              // Browsers must not offer to save or fill these as site passwords.
              autoComplete={v.secret ? 'new-password' : 'off'}
              spellCheck={false}
              className="mono"
              placeholder={v.secret ? (v.storedSecret ? 'New secret value' : 'Secret value') : ''}
              value={v.value}
              onChange={(e) => onChange({ ...v, value: e.target.value })}
            />
            {v.secret && v.storedSecret && v.replacing && (
              <button type="button" onClick={() => onChange({ ...v, replacing: false, value: '' })}>
                Keep current
              </button>
            )}
          </span>
        )}
      </td>
      <td className="center">
        <input
          type="checkbox"
          aria-label="Secret"
          checked={v.secret}
          onChange={(e) => onChange(withSecret(v, e.target.checked))}
        />
      </td>
      <td className="row-actions">
        <button type="button" className="ghost" onClick={onRemove}>
          Remove
        </button>
      </td>
    </tr>
  );
}
