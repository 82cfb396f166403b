/** Above the plan table: create a plan, or import one (a plan file, cURL, HAR, Postman, OpenAPI, Vegeta). */

interface Props {
  onNewPlan: () => void;
  onImport: () => void;
}

/** Buttons "New plan" and "Import…" (the import dialog). Exports are per plan, in each row's Export menu. */
export function PlanToolbar({ onNewPlan, onImport }: Props) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Plan actions">
      <button type="button" className="primary" onClick={onNewPlan}>New plan</button>
      <button type="button" onClick={onImport} aria-haspopup="dialog" title="Import a plan file, a cURL command, a HAR recording, a Postman collection, an OpenAPI document, Vegeta targets or a JMeter test plan">
        Import…
      </button>
    </div>
  );
}
