/**
 * The environment variables the imported plan reads: secrets marked, where each value comes from, and the choice
 * to create an environment holding them (values blank to fill in, or from the Postman environment file).
 */
import { useId } from 'react';
import type { ImportVariable } from '../../../../app/contract/plans.ts';
import { requiredVariables, variableSource } from './report.ts';

export interface EnvironmentChoice { create: boolean; name: string }

interface Props {
  variables: readonly ImportVariable[];
  environment: EnvironmentChoice;
  onEnvironment: (e: EnvironmentChoice) => void;
}

/** List "Variables to set", checkbox "Create an environment with these variables", textbox "Environment name". */
export function VariablesSection({ variables, environment, onEnvironment }: Props) {
  const id = useId();
  const required = requiredVariables(variables);
  return (
    <section className="import-variables" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Variables to set</h3>
      <p className="hint">
        The plan reads these as <code>{'${env.NAME}'}</code>: set them in an environment (or with <code>--env NAME=…</code> on the command line).
        {required.length > 0 && <> Without a value the plan cannot run: {required.join(', ')}.</>}
      </p>
      <ul className="import-variable-list" aria-label="Variables to set">
        {variables.map((v) => (
          <li key={v.name}>
            <code>{v.name}</code>
            {v.secret ? <span className="badge badge-warn">secret</span> : <span />}
            <span className="muted">{variableSource(v)}</span>
          </li>
        ))}
      </ul>
      <label className="choice">
        <input type="checkbox" checked={environment.create} onChange={(e) => onEnvironment({ ...environment, create: e.target.checked })} />
        Create an environment with these variables
      </label>
      {environment.create && (
        <div className="field">
          <label htmlFor={`${id}-env`}>Environment name</label>
          <input id={`${id}-env`} value={environment.name} maxLength={200} required onChange={(e) => onEnvironment({ ...environment, name: e.target.value })} />
          <p className="hint">Secrets are stored encrypted and marked secret; fill in the blank values on the Environments page.</p>
        </div>
      )}
    </section>
  );
}
