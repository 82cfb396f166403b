/**
 * The plan's default authentication (every request sends it unless it sets its own). No "inherit" choice here:
 * the defaults are what requests inherit from.
 */
import { useId } from 'react';
import type { Auth } from 'loadsmith/plan';
import type { Path } from '../core/doc-path.ts';
import { draftAt } from '../core/doc/index.ts';
import { issuesAt } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { TemplateInput } from '../fields/TemplateInput.tsx';
import { TextField } from '../fields/TextField.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { AUTH_KINDS, authFor, authKind, type AuthKind } from './auth.ts';

export function AuthForm({ path }: { path: Path }) {
  const d = useDesigner();
  const id = useId();
  const auth = draftAt<Auth>(d.doc, path);
  const kind = authKind(auth);
  const issues = issuesAt(d.issues, [...path, 'type']);
  return (
    <fieldset className="settings-group auth-form">
      <legend>Authentication</legend>
      <div className="field">
        <label htmlFor={id}>Authentication type</label>
        <select
          id={id}
          value={kind}
          aria-invalid={issues.length > 0}
          onChange={(e) => d.set(path, authFor(e.target.value as AuthKind, auth))}
        >
          {kind === 'unknown' && <option value="unknown">(unknown type)</option>}
          {AUTH_KINDS.map((k) => (
            <option key={k.type} value={k.type}>
              {k.label}
            </option>
          ))}
        </select>
        <FieldIssues id={`${id}-issues`} issues={issues} />
      </div>
      {kind === 'bearer' && (
        <>
          <TemplateInput path={[...path, 'token']} label="Token" placeholder="${env.API_TOKEN}" keepEmpty />
          <TextField
            path={[...path, 'scheme']}
            label="Scheme"
            placeholder="Bearer"
            hint="The word before the token: Bearer, or Token for DRF-style APIs."
          />
        </>
      )}
      {kind === 'basic' && (
        <>
          <TemplateInput path={[...path, 'username']} label="Username" keepEmpty />
          <TemplateInput path={[...path, 'password']} label="Password" placeholder="${env.API_PASSWORD}" keepEmpty />
        </>
      )}
      {kind === 'apiKey' && (
        <>
          <TextField path={[...path, 'name']} label="Key name" placeholder="X-API-Key" keepEmpty />
          <TemplateInput path={[...path, 'value']} label="Key value" placeholder="${env.API_KEY}" keepEmpty />
          <SelectField
            path={[...path, 'in']}
            label="Send the key in"
            defaultLabel="a header (default)"
            options={[
              { value: 'header', label: 'a header' },
              { value: 'query', label: 'the query string' },
            ]}
          />
        </>
      )}
      {kind !== 'none' && (
        <p className="hint">
          Keep secrets out of the plan: write <code>{'${env.NAME}'}</code> and set the value in an environment. A
          request with its own auth overrides this.
        </p>
      )}
    </fieldset>
  );
}
