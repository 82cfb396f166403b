/** A template field for a secret (token, password, API key): masked, with a button that shows it. */
import { useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { TemplateInput } from '../../fields/TemplateInput.tsx';

export function SecretInput({ path, label, placeholder }: { path: Path; label: string; placeholder?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="req-secret">
      <TemplateInput path={path} label={label} placeholder={placeholder} masked={!shown} keepEmpty />
      <button type="button" className="ghost" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {`Show ${label.toLowerCase()}`}
      </button>
    </div>
  );
}
