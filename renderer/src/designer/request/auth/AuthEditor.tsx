/**
 * A request's authentication: inherit the plan defaults (no `auth` key), none, bearer, basic or API key.
 * Choosing a type replaces the whole `auth` object (their fields have nothing in common).
 */
import type { Auth } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { defaultsOf, objectOf, requestAt, type Draft } from '../../core/doc/index.ts';
import { SelectField } from '../../fields/SelectField.tsx';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { SecretInput } from './SecretInput.tsx';

type AuthType = 'inherit' | 'none' | 'bearer' | 'basic' | 'apiKey';
const TYPES: readonly { type: AuthType; label: string; create?: () => Auth }[] = [
  { type: 'inherit', label: 'Inherit from plan defaults' },
  { type: 'none', label: 'None', create: () => ({ type: 'none' }) },
  { type: 'bearer', label: 'Bearer token', create: () => ({ type: 'bearer', token: '' }) },
  { type: 'basic', label: 'Basic', create: () => ({ type: 'basic', username: '', password: '' }) },
  { type: 'apiKey', label: 'API key', create: () => ({ type: 'apiKey', name: 'X-API-Key', value: '' }) },
];

const authType = (auth: Draft<Auth> | undefined): AuthType => {
  const t = objectOf(auth)?.type;
  return TYPES.find((x) => x.type === t)?.type ?? 'inherit';
};

export function AuthEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const path = [...requestPath, 'auth'];
  const type = authType(requestAt(d.doc, requestPath)?.auth);
  const id = fieldId(path);
  return (
    <div className="req-auth">
      <fieldset className="req-segmented">
        <legend>Authentication</legend>
        {TYPES.map((t) => (
          <label key={t.type} className={t.type === type ? 'on' : undefined}>
            <input
              type="radio"
              name={`${id}-type`}
              checked={t.type === type}
              onChange={() => d.set(path, t.create?.())}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      {type === 'inherit' && <p className="muted">{inheritedText(defaultsOf(d.doc).auth)}</p>}
      {type === 'none' && <p className="muted">No credentials are sent, even when the plan defaults have some.</p>}
      {type === 'bearer' && (
        <div className="req-row">
          <SecretInput path={[...path, 'token']} label="Token" placeholder="${env.API_TOKEN}" />
          <TextField path={[...path, 'scheme']} label="Scheme" placeholder="Bearer" hint="Token for DRF-style APIs." />
        </div>
      )}
      {type === 'basic' && (
        <div className="req-row">
          <TemplateInput path={[...path, 'username']} label="Username" keepEmpty />
          <SecretInput path={[...path, 'password']} label="Password" placeholder="${env.PASSWORD}" />
        </div>
      )}
      {type === 'apiKey' && (
        <div className="req-row">
          <TextField path={[...path, 'name']} label="Key name" placeholder="X-API-Key" />
          <SecretInput path={[...path, 'value']} label="Key value" placeholder="${env.API_KEY}" />
          <SelectField
            path={[...path, 'in']}
            label="Send in"
            defaultLabel="Header (default)"
            options={[
              { value: 'header', label: 'Header' },
              { value: 'query', label: 'Query parameter' },
            ]}
          />
        </div>
      )}
      {type !== 'inherit' && type !== 'none' && (
        <p className="hint">
          Keep secrets out of the plan: write ${'{'}env.NAME{'}'} and set the value in an environment.
        </p>
      )}
    </div>
  );
}

function inheritedText(defaults: Draft<Auth> | undefined): string {
  switch (authType(defaults)) {
    case 'inherit':
      return 'The plan defaults send no authentication, so neither does this request.';
    case 'none':
      return 'The plan defaults send no authentication.';
    case 'bearer':
      return 'Sends the bearer token of the plan defaults.';
    case 'basic':
      return 'Sends the basic credentials of the plan defaults.';
    case 'apiKey':
      return 'Sends the API key of the plan defaults.';
  }
}
