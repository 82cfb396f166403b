/** A scenario's load profile. (Basic version: the load-profile work replaces it.) */
import { SelectField } from '../fields/SelectField.tsx';

export function ScenarioPanel({ name }: { name: string }) {
  return (
    <section aria-label={`Scenario ${name}`}>
      <SelectField path={['scenarios', name, 'executor']} label="Executor" options={['constant-vus', 'ramping-vus', 'per-vu-iterations', 'shared-iterations'].map((value) => ({ value }))} />
    </section>
  );
}
