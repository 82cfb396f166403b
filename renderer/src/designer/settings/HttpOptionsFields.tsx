/** The plan's HTTP options (defaults.http), each with the engine's default shown. */
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { ExpectedStatusesField } from './ExpectedStatusesField.tsx';

const HTTP = ['defaults', 'http'];

export function HttpOptionsFields() {
  return (
    <fieldset className="settings-group">
      <legend>HTTP</legend>
      <div className="settings-grid">
        <NumberField path={[...HTTP, 'maxRedirects']} label="Max redirects" min={0} placeholder="default 10" />
        <TextField
          path={[...HTTP, 'maxBodySize']}
          label="Max body size"
          placeholder="default 10MB"
          hint="Largest response body kept for checks and extractions."
        />
        <NumberField
          path={[...HTTP, 'pipelining']}
          label="HTTP/1.1 pipelining (requests per connection)"
          min={1}
          placeholder="default 1 (off)"
        />
        <SelectField
          path={[...HTTP, 'cookies']}
          label="Cookie jar"
          defaultLabel="default (per iteration)"
          options={[
            { value: 'iteration', label: 'per iteration (cleared)' },
            { value: 'vu', label: 'per VU (kept)' },
            { value: 'off', label: 'off' },
          ]}
        />
      </div>
      <ExpectedStatusesField path={[...HTTP, 'expectedStatuses']} />
      <CheckboxField
        path={[...HTTP, 'keepAlive']}
        label="Keep connections alive (reuse connections)"
        defaultValue={true}
      />
      <CheckboxField path={[...HTTP, 'insecureTls']} label="Accept any TLS certificate (insecure)" />
      <CheckboxField
        path={[...HTTP, 'discardResponseBodies']}
        label="Discard response bodies (checks and extractions cannot read them)"
      />
    </fieldset>
  );
}
